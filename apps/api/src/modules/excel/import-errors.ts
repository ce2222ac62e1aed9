/** The errors of an import (docs/CONVENTIONS.md): every bad cell with its Excel row and column letter; any → nothing written. */
import type { ImportError } from '@jz/shared/api/excel';
import { BizError } from '../../core/http.js';

/** Collects the errors of an import; `column` is the Excel column letter of the template column in the file. */
export class ErrorList {
  readonly errors: ImportError[] = [];
  private readonly rows = new Set<number>();
  constructor(private readonly letters: Record<string, string>) {}
  add(row: number, key: string, reason: string) {
    const column = this.letters[key] ?? '';
    this.errors.push({ row, column, reason });
    this.rows.add(row);
  }
  has(row: number) { return this.rows.has(row); }
  /** Refuses the whole import when any row is bad. */
  throwIfAny() {
    if (!this.errors.length) return;
    this.errors.sort((a, b) => a.row - b.row);
    throw new BizError(`导入失败，共${this.rows.size}行有误`, 400, { errors: this.errors });
  }
}
