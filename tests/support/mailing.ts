import { modules } from '../../modules/index.ts'
import { startWorker, type WorkerProcess } from '../../services/worker/worker.ts'
import { createTestContext, type TestContext } from './context.ts'
import { type SmtpCapture, startSmtpCapture } from './smtp.ts'

/** A test context whose e-mails really go out: a capturing SMTP server and a running worker. */
export interface MailingTestContext extends TestContext {
  smtp: SmtpCapture
  worker: WorkerProcess
}

export async function createMailingTestContext(
  env: Record<string, string> = {},
): Promise<MailingTestContext> {
  const smtp = await startSmtpCapture()
  const t = await createTestContext({ env: { SMTP_URL: smtp.url, ...env } })
  const worker = await startWorker(t.services, modules)
  return {
    ...t,
    smtp,
    worker,
    async close() {
      await worker.stop()
      await t.close()
      await smtp.close()
    },
  }
}
