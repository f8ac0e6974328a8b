import { apiJson } from './http';
import { API_BASE } from './session';
import { uploadMultipart, type UploadProgress } from './upload';

/** GET /courses/import-jobs/{id} (lms-api/src/packages/jobs.ts ImportJobState). */
interface ImportJobState {
  stage: string;
  percent: number;
  message: string;
}

const POLL_MS = 400;

/**
 * A package upload with both progress figures: the transfer from XMLHttpRequest, then the server's import job
 * (extracting, parsing, converting, storing), polled under a client-chosen uuid until the answer arrives.
 */
export async function uploadPackage<T>(method: 'POST' | 'PUT', url: string, form: FormData, onProgress: (p: UploadProgress) => void): Promise<T> {
  const jobId = crypto.randomUUID();
  let processing = false;
  let finished = false;
  let timer: number | undefined;
  const poll = async () => {
    if (finished) return;
    try {
      const job = await apiJson<ImportJobState>(`${API_BASE}/courses/import-jobs/${jobId}`);
      if (!finished) onProgress({ phase: 'processing', percent: job.percent, step: job.stage });
    } catch {
      // Not started yet (404) or a transient failure: the next poll tries again.
    }
    if (!finished) timer = window.setTimeout(() => void poll(), POLL_MS);
  };
  try {
    return await uploadMultipart<T>(
      method,
      url,
      form,
      (progress) => {
        if (finished) return;
        onProgress(progress);
        if (progress.phase === 'processing' && !processing) {
          processing = true;
          void poll();
        }
      },
      { jobId },
    );
  } finally {
    finished = true;
    window.clearTimeout(timer);
  }
}
