import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromFormScanner } from './formscanner.js';
import { parseXml } from './xml.js';

// A cut of FormScanner's sample Test template (samples/Test/test_template.xtmpl, FormScanner 1.1): points are
// bubble centres in pixels of the blank scan, `size` the radius, corners the centres of the corner rings.
const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<template density="40" threshold="127" version="2.1">
  <!-- corners drawn over the blank scan -->
  <crop bottom="0" left="0" right="0" top="0"/>
  <corners type="ANGULAR">
    <corner position="TOP_RIGHT"><point x="2314.0" y="160.0"/></corner>
    <corner position="TOP_LEFT"><point x="203.0" y="163.0"/></corner>
    <corner position="BOTTOM_LEFT"><point x="202.0" y="3242.0"/></corner>
    <corner position="BOTTOM_RIGHT"><point x="2313.0" y="3237.0"/></corner>
  </corners>
  <fields groups="false" shape="CIRCLE" size="15">
    <group name="EMPTY">
      <question multiple="true" question="Question40" rejectMultiple="false" type="QUESTIONS_BY_ROWS">
        <values>
          <value response="A"><point x="1867.0" y="2654.0"/></value>
          <value response="B"><point x="1958.0" y="2654.0"/></value>
        </values>
      </question>
      <question multiple="false" question="id2" rejectMultiple="false" type="QUESTIONS_BY_COLS">
        <values><value response="0"><point x="582.0" y="1051.0"/></value><value response="1"><point x="582.0" y="1141.0"/></value></values>
      </question>
      <question multiple="false" question="id1" rejectMultiple="false" type="QUESTIONS_BY_COLS">
        <values><value response="0"><point x="493.0" y="1051.0"/></value></values>
      </question>
      <area name="i.course" type="BARCODE"><corners><corner position="TOP_LEFT"><point x="1475.0" y="2812.0"/></corner></corners></area>
    </group>
  </fields>
</template>`;

describe('FormScanner .xtmpl → SheetTemplate', () => {
  it('turns bubble centres and radius into rects, corner-ring centres into anchors', () => {
    const imp = fromFormScanner(xml, { name: 'Test', width: 2480, height: 3437, anchorSize: 135 });
    const t = imp.template;
    expect(t).toMatchObject({ unit: 'px', width: 2480, height: 3437, anchorShape: 'ring' });
    // Reading order TL, TR, BR, BL whatever the file's order; 135 px rings centred on the points.
    expect(t.anchors).toEqual([
      { x: 203 - 67.5, y: 163 - 67.5, w: 135, h: 135 },
      { x: 2314 - 67.5, y: 160 - 67.5, w: 135, h: 135 },
      { x: 2313 - 67.5, y: 3237 - 67.5, w: 135, h: 135 },
      { x: 202 - 67.5, y: 3242 - 67.5, w: 135, h: 135 },
    ]);
    expect(t.questions).toEqual([{
      id: 'Question40',
      kind: 'multiple', // multiple="true": the form lets a question take several answers
      bubbles: [{ x: 1852, y: 2639, w: 30, h: 30, value: 'A' }, { x: 1943, y: 2639, w: 30, h: 30, value: 'B' }],
    }]);
    // id1, id2 … become the 考号 columns in number order, not file order.
    expect(t.admission!.digits!.map((g) => [g.id, g.kind, g.bubbles.length])).toEqual([['id1', 'single', 1], ['id2', 'single', 2]]);
    expect(imp.columns).toEqual({ ID: ['id1', 'id2'], Question40: ['Question40'] });
    expect(imp.warnings).toEqual(['条码区域 i.course 未导入：FormScanner 的条码不是考号']);
  });

  it('takes bracket corners by their vertex, the rect one arm each way', () => {
    const t = fromFormScanner(xml, { name: 'T', width: 2480, height: 3437, anchorShape: 'bracket', anchorSize: 107 }).template;
    expect(t.anchorShape).toBe('bracket');
    expect(t.anchors[0]).toEqual({ x: 203 - 107, y: 163 - 107, w: 214, h: 214 });
  });

  it('defaults the corner-ring size to 1/18 of the page width', () => {
    expect(fromFormScanner(xml, { name: 'T', width: 2480, height: 3437 }).template.anchors[0].w).toBe(138); // 2480 / 18 = 137.8
  });

  it('reads the real sample templates of FormScanner', () => {
    const real = readFileSync(new URL('../../fixtures/formscanner/Test/test_template.xtmpl', import.meta.url), 'utf8');
    const t = fromFormScanner(real, { name: 'Test', width: 2480, height: 3437 }).template;
    expect(t.questions).toHaveLength(40); // Question1 … Question40
    expect(t.admission!.digits).toHaveLength(6); // id1 … id6
    expect(t.admission!.digits!.every((g) => g.bubbles.map((b) => b.value).join('') === '0123456789')).toBe(true);
  });

  it('reads the Questionnaire template too: groups, grid questions and entities in the values', () => {
    const real = readFileSync(new URL('../../fixtures/formscanner/Questionnaire/questionnaire_template.xtmpl', import.meta.url), 'utf8');
    const imp = fromFormScanner(real, { name: 'Questionnaire', width: 2480, height: 3508 });
    const t = imp.template;
    expect(t.admission).toBeUndefined(); // no id1… questions
    expect(t.questions.map((g) => [g.id, g.kind, g.bubbles.length])).toEqual([
      ['gender', 'single', 2], ['age', 'single', 6], ['restaurants', 'single', 5],
      ['movies', 'single', 4], ['music', 'single', 4], ['reading', 'single', 4], ['sources', 'multiple', 6],
    ]);
    expect(t.questions[1].bubbles.map((b) => b.value)).toContain('<25');
    expect(t.questions[1].bubbles.map((b) => b.value)).toContain('>=60');
    expect(imp.warnings).toEqual(['条码区域 interviewer 未导入：FormScanner 的条码不是考号']);
  });

  it('refuses broken or foreign files with a Chinese reason', () => {
    expect(() => fromFormScanner('<template><fields size="15"></fields>', { name: 'x', width: 1, height: 1 })).toThrow('XML 结构错误');
    expect(() => fromFormScanner('<form/>', { name: 'x', width: 1, height: 1 })).toThrow('不是 FormScanner 模板');
    expect(() => fromFormScanner(xml.replace('<point x="203.0" y="163.0"/>', ''), { name: 'x', width: 1, height: 1 }))
      .toThrow('角标 TOP_LEFT 缺少坐标');
    expect(() => fromFormScanner(xml, { name: 'x', width: 1, height: 1, admission: ['id9'] })).toThrow('考号列 id9 不在模板中');
  });

  it('parses attributes with entities and skips comments', () => {
    expect(parseXml('<a x="1 &lt; 2" y=\'&#65;\'><!-- <b/> --><c/></a>')).toEqual({
      name: 'a', attrs: { x: '1 < 2', y: 'A' }, children: [{ name: 'c', attrs: {}, children: [] }],
    });
  });
});
