/**
 * Every module that defines jobs, imported by server/main.ts before startJobs() so that their
 * queues, workers and schedules are set up at start. Add a line here for a new job module.
 */
import "../mail/outbox.ts";
import "../orders/unpaid-cash-orders.ts";
import "../payments/refresh.ts";
import "../payments/webhooks.ts";
