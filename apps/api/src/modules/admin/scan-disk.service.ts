import { SCAN_LIMITS } from '@jz/shared/api/scan';
import { gbToBytes, type ScanDisk } from '@jz/shared/api/admin';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { schoolDisk } from '../scan/scan.repository.js';
import { findSchool, setScanDiskQuota } from './admin.repository.js';

/**
 * The school's disk budget for stored scan uploads (school.scan_disk_quota; null = SCAN_LIMITS.schoolDiskBytes),
 * set by the platform administrator; uploads beyond it are refused by the scan upload (scan.service.ts).
 */
export async function scanDisk(ctx: AppContext, schoolId: number): Promise<ScanDisk> {
  const school = await findSchool(ctx.db, schoolId);
  if (!school) throw new BizError('学校不存在', 404);
  const disk = await schoolDisk(ctx.db, schoolId);
  return {
    schoolId, schoolName: school.name, usedBytes: disk.used, quotaBytes: disk.quota ?? SCAN_LIMITS.schoolDiskBytes,
    defaultBytes: SCAN_LIMITS.schoolDiskBytes, custom: disk.quota !== null,
  };
}

/** Sets the budget (null: the default). A budget below what is stored stands: only new uploads are refused. */
export async function setScanDisk(ctx: AppContext, schoolId: number, quotaGb: number | null): Promise<ScanDisk> {
  if (!(await setScanDiskQuota(ctx.db, schoolId, quotaGb === null ? null : gbToBytes(quotaGb)))) throw new BizError('学校不存在', 404);
  return scanDisk(ctx, schoolId);
}
