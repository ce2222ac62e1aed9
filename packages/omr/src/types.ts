// The contract between the recognition engine and everything that feeds it or reads its results.
// A sheet template says where things are on one page of a card; the engine gets a greyscale raster of a
// scanned page and the template and returns every decision with its confidence. Pure data, no I/O.

/** Greyscale pixels, row-major, one byte per pixel, 0 = black, 255 = white. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
  /** Resolution of the raster when known (decoder: from the file or the page size), dots per inch. */
  dpi?: number;
  /** Size of the image in the file when the decoder shrank it (pixel rectangles scale by fileWidth / width). */
  fileWidth?: number;
  fileHeight?: number;
}

/** A rectangle in template units (top-left corner, width, height). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One bubble and the value it stands for ('A', '3', 'T' …). */
export interface Bubble extends Rect {
  value: string;
}

/** Bubbles of which one (single) or several (multiple) may be filled: a question, or one 考号 digit column. */
export interface BubbleGroup {
  id: string;
  kind: 'single' | 'multiple';
  bubbles: Bubble[];
  /** Optional (third-party templates): the source's block of fields; a photo's blocks settle one by one (group-align.ts). */
  block?: string;
}

/**
 * One page of a card. Units: 'mm' for the product's own cards (from the card layout), 'px' for a template
 * drawn over a blank scan of another vendor's card (pixels of that scan). `width`/`height` is the page in units.
 */
export interface SheetTemplate {
  version: 1;
  name: string;
  unit: 'mm' | 'px';
  width: number;
  height: number;
  /** Solid dark marks near the corners, in reading order top-left, top-right, bottom-right, bottom-left. */
  anchors: Rect[];
  /**
   * Optional, for third-party cards: 'solid' (default) = filled squares or L marks; 'ring' = circle outlines or
   * bullseyes (FormScanner, OMRChecker), located by the centre of the ring; 'bracket' = thin L-shaped corner
   * lines, located by their vertex (the rect is centred on the vertex, one arm each way). An empty `anchors`
   * list means the scan is already cropped to the page: the page itself is the frame.
   */
  anchorShape?: 'solid' | 'ring' | 'bracket';
  /** Optional: the bubbles carry their letter or digit printed inside, of varying ink (printed-labels.ts). */
  printedLabels?: boolean;
  /** Optional, without anchors: settle the page frame on the printed round bubbles (page-align.ts). */
  alignFrame?: boolean;
  /**
   * Optional, for photographed sheets (OMRChecker's CropPage): find the paper's edges in the picture and undo
   * the perspective first (rectify.ts). With anchors (ring markers inside the page), their centres are the frame.
   */
  findPage?: boolean;
  /** Page code cells, most significant first; a filled cell is 1. Absent on third-party cards. */
  pageCode?: { cells: Rect[] };
  /** Page number within the card (1-based) and the page code id the page should carry (our cards). */
  page?: number;
  /** 考号: bubble columns (one group per digit, left to right) and/or a barcode label area. */
  admission?: { digits?: BubbleGroup[]; barcode?: Rect };
  /** The 缺考 mark filled by the proctor. */
  absent?: Rect;
  /** Objective questions; `id` is the question number as the exam knows it. */
  questions: BubbleGroup[];
  /** Subjective answer areas to cut for online marking; `id` names the question(s). */
  blocks: { id: string; rect: Rect }[];
}

/** Why a decision is doubtful (shown to a person, never decided silently). */
export type DoubtReason =
  | 'near-threshold' // darkness close to the learnt threshold
  | 'faint' // a light mark that may be an erasure or a pencil trace
  | 'multiple-in-single' // several marks on a single-choice question or a 考号 column
  | 'none-in-column' // a 考号 column with no mark
  | 'barcode-mismatch' // barcode and bubbles disagree
  | 'anchor-missing'; // fitted from three anchors

export interface GroupReading {
  id: string;
  /** Values decided as marked (sorted in the template's bubble order). */
  marked: string[];
  /** Darkness 0–1 of every bubble, template order. */
  darkness: number[];
  /** Product cards: darkness of each bubble's darkest half (a fill on one side shows there). */
  peak?: number[];
  /** Present when a person must confirm. */
  doubt?: DoubtReason;
}

export interface SheetResult {
  /** 'rejected': not a card, or anchors not found; `reason` says why in Chinese. */
  status: 'ok' | 'rejected';
  reason?: string;
  /** Page turned on the scanner (0 or 180 degrees). */
  rotation: 0 | 180;
  /** Affine map template units → raster pixels of the (unrotated) input: [a, b, c, d, e, f], x' = a·x + b·y + c, y' = d·x + e·y + f. */
  transform?: number[];
  /**
   * Photographed sheets (template.findPage): template units → pixels of the input picture, a perspective map
   * [h0 … h8], x' = (h0·x + h1·y + h2) / w, y' = (h3·x + h4·y + h5) / w, w = h6·x + h7·y + h8; `transform` is then
   * the affine within the straightened page (`pageScale` pixels per unit), and `page` the paper's corners found
   * in the picture. Use `homography` to place template rectangles on the picture.
   */
  homography?: number[];
  pageScale?: number;
  page?: [number, number][];
  /** Least-squares residual of the anchor fit in pixels (quality), and how many anchors were found. */
  residualPx?: number;
  anchorsFound?: number;
  /** Sheet-level doubt: 'anchor-missing' when the transform was fitted from three anchors. */
  doubt?: DoubtReason;
  /** Ink level of the anchors and paper level around them (grey 0–255) the darkness scale was set from. */
  inkGrey?: number;
  paperGrey?: number;
  /** Threshold learnt from this sheet (darkness 0–1). */
  threshold?: number;
  /** False when the sheet showed no marks of its own and the threshold came from the hint or the default. */
  thresholdLearnt?: boolean;
  pageCode?: { bits: (0 | 1)[]; doubt?: DoubtReason; darkness?: number[] };
  /** `bubbles`/`barcode`: what each source read (null = nothing readable); `value` the decision. */
  admission?: {
    value: string | null; source: 'bubbles' | 'barcode'; digits?: GroupReading[]; doubt?: DoubtReason;
    bubbles?: string | null; barcode?: string | null;
  };
  absent?: { marked: boolean; darkness: number; doubt?: DoubtReason };
  questions: GroupReading[];
  /** Subjective blocks as axis-aligned pixel rectangles on the input raster (after rotation handling). */
  blocks: { id: string; rect: Rect }[];
}
