export { useRenderJob, POLL_MS, type RenderJobHandle, type RenderJobView } from './useRenderJob';
export { JobProgressModal, JobProgressView, JOB_STATE_TEXT, jobView } from './JobProgressModal';
