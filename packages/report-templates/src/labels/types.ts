/** One sticky label: the student and the 考号 its barcode carries. */
export interface StudentLabel {
  name: string;
  className: string;
  /** 考号: printed as text and as the Code 128 barcode (ASCII 32–126). */
  examNo: string;
  room?: string | null;
  seat?: number | null;
}

/** Labels of one exam room or class: the group starts on a new sheet so each can be handed out whole. */
export interface LabelGroup {
  /** 第01考场 / 高一(1)班, printed in the sheet's top margin. */
  title: string;
  labels: StudentLabel[];
}

export interface LabelSheetData {
  examName: string;
  /** Groups in print order, labels within a group already ordered (seat, or 考号). */
  groups: LabelGroup[];
}
