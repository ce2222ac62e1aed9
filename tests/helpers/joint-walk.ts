/**
 * The joint exam's screens as the browser walks use them (tests/e2e/joint-*.test.ts): 新建联考 filled in by the
 * organiser, 凭注册码加入 and 确认参考班级 by a school, each on /jointExamination/list.
 */
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from '../e2e/helpers.js';

const OK = /^(确\s*定|OK)$/;
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The row of the joint exam in 联考列表. */
export const jointRow = (page: Page, name: string): Locator => page.locator('tr.ant-table-row', { hasText: name });

export interface JointExamForm {
  name: string;
  gradeName: string;
  /** Each subject by its label, with its full score and, when not 学校导入, its scoring (混合阅卷…). */
  subjects: { label: string; fullScore: number; scoring?: string }[];
  startDate: string;
  endDate: string;
  /** Schools invited by name. */
  invite: string[];
}

/** The organiser's 新建联考, filled in and sent; waits for 联考创建成功. */
export async function createJointExamOnScreen(page: Page, url: string, form: JointExamForm): Promise<void> {
  await page.goto(`${url}/#/jointExamination/list`);
  await page.getByRole('button', { name: '新建联考' }).click();
  const modal = page.locator('.ant-modal', { hasText: '新建联考' });
  await modal.getByLabel('联考名称').fill(form.name);
  await chooseOption(page, modal.getByLabel('年级', { exact: true }), form.gradeName);
  await modal.getByLabel('科目', { exact: true }).click();
  for (const s of form.subjects) await openDropdown(page).locator(`.ant-select-item-option[title="${s.label}"]`).click();
  await page.keyboard.press('Escape');
  for (const s of form.subjects) {
    await modal.getByLabel(`${s.label}满分`).fill(String(s.fullScore));
    if (s.scoring) await chooseOption(page, modal.getByLabel(`${s.label}评分方式`), s.scoring);
  }
  await modal.getByPlaceholder('开始日期').click();
  await modal.getByPlaceholder('开始日期').fill(form.startDate);
  await page.keyboard.press('Enter');
  await modal.getByPlaceholder('结束日期').fill(form.endDate);
  await page.keyboard.press('Enter');
  if (form.invite.length) {
    await modal.getByLabel('邀请学校', { exact: true }).click();
    for (const school of form.invite) await openDropdown(page).locator(`.ant-select-item-option[title="${school}"]`).click();
    await page.keyboard.press('Escape');
  }
  await modal.getByRole('button', { name: OK }).click();
  await page.getByText('联考创建成功').waitFor();
}

/** A school joins by registration code: looks it up, sees `found` (组织方 组织的「名称」) and joins. */
export async function joinByCodeOnScreen(page: Page, url: string, code: string, found: string): Promise<void> {
  await page.goto(`${url}/#/jointExamination/list`);
  await page.getByRole('button', { name: '凭注册码加入' }).click();
  await page.getByPlaceholder('8 位注册码').fill(code);
  await page.locator('.ant-modal').getByRole('button', { name: /^查\s*询$/ }).click();
  await page.getByText(found).waitFor();
  await page.locator('.ant-modal').getByRole('button', { name: /^加\s*入$/ }).click();
}

/** Ticks a checkbox of a dialog, again when a re-render of the opening dialog undid the first click. */
export async function tick(box: Locator): Promise<void> {
  for (let i = 0; i < 10 && !(await box.isChecked()); i++) {
    await box.click();
    await box.page().waitForTimeout(200);
  }
  if (!(await box.isChecked())) throw new Error('复选框未能勾选');
}

/** 确认参考班级: ticks the first `classes` classes offered (all when omitted) and waits for 已确认班级. */
export async function confirmClassesOnScreen(page: Page, url: string, examName: string, classes?: number): Promise<void> {
  if (!/#\/jointExamination\/list/.test(page.url())) await page.goto(`${url}/#/jointExamination/list`);
  await jointRow(page, examName).getByRole('button', { name: '确认参考班级' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '确认参考班级' });
  // the classes arrive after the dialog opens: wait for them before listing the boxes
  await dialog.locator('.ant-checkbox-input').first().waitFor();
  const boxes = await dialog.locator('.ant-checkbox-input').all();
  for (const box of boxes.slice(0, classes ?? boxes.length)) await tick(box);
  await dialog.getByRole('button', { name: OK }).click();
  await jointRow(page, examName).getByText('已确认班级').waitFor();
}
