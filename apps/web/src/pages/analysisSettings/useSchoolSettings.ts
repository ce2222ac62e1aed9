import { useApiData } from '@/hooks/useApiData';
import {
  querySchoolSettings, resetSchoolSettings, rollBackSchoolSetting, updateSchoolSetting, type SchoolSettingList, type SettingFamily,
} from '@/api/examSetting';
import { runAction } from '@/components/table';

/** State of 学校分析默认设置: the school's values per family, save, one family or all back to the platform default. */
export function useSchoolSettings() {
  const { data: list, setData: setList, loading, error } = useApiData(querySchoolSettings, 'school');
  const take = (r: Awaited<ReturnType<typeof runAction<SchoolSettingList>>>) => { if (r?.data) setList(r.data); };
  const save = async (family: SettingFamily, value: unknown) => take(await runAction(updateSchoolSetting(family, value), { success: '保存成功' }));
  const rollBack = async (family: SettingFamily) => take(await runAction(rollBackSchoolSetting(family)));
  const resetAll = async () => take(await runAction(resetSchoolSettings()));
  return { list, loading, error, save, rollBack, resetAll };
}
