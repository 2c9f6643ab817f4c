/**
 * Every module that defines jobs, imported by src/main.ts before startJobs() so that their
 * queues, workers and schedules are set up at start. Add a line here for a new job module.
 */
import "#server/custom-orders/photo-cleanup.ts";
import "#server/mail/outbox.ts";
import "#server/making/photo-cleanup.ts";
import "#server/orders/unpaid-cash-orders.ts";
import "#server/payments/refresh.ts";
import "#server/payments/refunds.ts";
import "#server/payments/webhooks.ts";
import "#server/staff/sessions.ts";
import "#server/ai/run-job.ts";
