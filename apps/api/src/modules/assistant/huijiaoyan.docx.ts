import { HeadingLevel, Paragraph, TextRun } from 'docx';
import { wordDocument } from '../../core/word-document.js';

/** The edited 慧教研 summary as a Word document: the title, a line of the exam, then each section's paragraphs. */
export async function huijiaoyanDocx(title: string, subtitle: string, sections: { title: string; text: string }[]): Promise<Buffer> {
  return wordDocument(title, subtitle, sections.flatMap((s) => [
    new Paragraph({ text: s.title, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 120 } }),
    ...s.text.split('\n').filter((l) => l.trim()).map((l) => new Paragraph({ children: [new TextRun({ text: l, size: 24 })], spacing: { after: 80 } })),
  ]));
}
