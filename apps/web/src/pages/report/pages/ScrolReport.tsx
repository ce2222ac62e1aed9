import { useEffect } from 'react';
import { ReportPage, type ReportPageContext } from '../common/ReportPage';
import { TranscriptModule } from '../modules/TranscriptModule';

/** Keeps the spec's transcript filter attributes in step with the filter (a single course hides 学科对比 / 学科质量). */
function SyncAttributes({ ctx }: { ctx: ReportPageContext }) {
  const { state, setState, filter } = ctx;
  const course = String(state.courseCode);
  const ids = course === '0' ? [] : [course];
  const cls = filter.classes.find((c) => c.value === Number(state.selectClassId));
  const rt = filter.registrationTypes.find((r) => r.value === String(state.registrationType));
  const want = {
    transcript_oneCourseRelationInfoEntityIds: ids,
    transcript_registrationTypeName: rt && rt.value !== '0' ? rt.label : '',
    transcript_classTypes: String(state.classType) === '0' || String(state.classType) === '' ? [] : [String(state.classType)],
    transcript_classNames: cls && cls.value !== 0 ? [cls.label] : [],
  };
  const key = JSON.stringify(want);
  useEffect(() => {
    const now = JSON.stringify({
      transcript_oneCourseRelationInfoEntityIds: state.transcript_oneCourseRelationInfoEntityIds,
      transcript_registrationTypeName: state.transcript_registrationTypeName,
      transcript_classTypes: state.transcript_classTypes,
      transcript_classNames: state.transcript_classNames,
    });
    if (now !== key) setState(JSON.parse(key));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}

/** 成绩单 (scrolReport). */
export default function ScrolReport() {
  return (
    <ReportPage title="成绩单">
      {(ctx) => (
        <>
          <SyncAttributes ctx={ctx} />
          <TranscriptModule params={ctx.params} fieldOptions={ctx.filter.transcriptFields} />
        </>
      )}
    </ReportPage>
  );
}
