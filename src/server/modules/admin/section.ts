import type { Static, TSchema } from '@sinclair/typebox';
import type {
  AdminSectionKey,
  BulkRequest,
  BulkResult,
  EntityType,
  ImportReport,
  ListQuery,
} from '../../../shared/schemas/admin';
import type { Paged } from '../../../shared/schemas/common';
import type { Actor } from '../audit';

/** A TypeBox schema whose static type is `T` (what the TypeBox provider gives a handler). */
export type SchemaOf<T> = TSchema & { static: T };

/**
 * What the routes need from one admin section, typed by its item's wire schema `S` and its form
 * body `F`. Users and the four catalogues implement it.
 */
export interface AdminSection<S extends TSchema, F> {
  /** List path segment: users, markets, interests, strategies, accounts. */
  section: AdminSectionKey;
  /** Item path segment and audit entity type: user, market, interest, strategy, account. */
  thing: EntityType;
  sortFields: readonly string[];
  /** The wire schema of one item: list items and the GET, POST and PUT answers. */
  item: S;
  /** The body of POST /{thing} and PUT /{thing}/:id. */
  form: SchemaOf<F>;
  list(query: ListQuery | null): Promise<Array<Static<S>> | Paged<Static<S>>>;
  get(id: string): Promise<Static<S>>;
  create(actor: Actor, body: F): Promise<Static<S>>;
  update(actor: Actor, id: string, body: F): Promise<Static<S>>;
  remove(actor: Actor, id: string): Promise<void>;
  bulk(actor: Actor, request: BulkRequest): Promise<BulkResult>;
  exportCsv(q: string | undefined): Promise<string>;
}

/** A section whose import writes at once (the catalogues): a dry run or a real import answers the report. */
export interface ImportingSection<S extends TSchema, F> extends AdminSection<S, F> {
  importCsv(actor: Actor, csv: string, dryRun: boolean): Promise<ImportReport>;
}
