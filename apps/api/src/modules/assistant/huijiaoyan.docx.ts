import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/** The edited 慧教研 summary as a Word document: the title, a line of the exam, then each section's paragraphs. */
export async function huijiaoyanDocx(title: string, subtitle: string, sections: { title: string; text: string }[]): Promise<Buffer> {
  const body = sections.flatMap((s) => [
    new Paragraph({ text: s.title, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 120 } }),
    ...s.text.split('\n').filter((l) => l.trim()).map((l) => new Paragraph({ children: [new TextRun({ text: l, size: 24 })], spacing: { after: 80 } })),
  ]);
  const doc = new Document({
    creator: '大数据精准教学诊断平台',
    title,
    styles: { default: { document: { run: { font: '宋体' } } } },
    sections: [{ children: [
      new Paragraph({ text: title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
      new Paragraph({ children: [new TextRun({ text: subtitle, color: '666666', size: 20 })], alignment: AlignmentType.CENTER, spacing: { after: 240 } }),
      ...body,
    ] }],
  });
  return Packer.toBuffer(doc);
}
