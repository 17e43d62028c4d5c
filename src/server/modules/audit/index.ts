/** The audit log: who changed what (admin sections, market assumptions, rates), and its reads. */
export { changed, listAudit, writeAudit, type AuditChange, type AuditView } from './service';
export { actorOf, type Actor } from './actor';
