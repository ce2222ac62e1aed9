import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/**
 * The Word documents the platform writes (组卷, 慧教研) share one set-up: 宋体, the platform as author, a centred
 * title and a grey line under it, then the body.
 */
export async function wordDocument(title: string, subtitle: string, body: Paragraph[]): Promise<Buffer> {
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
