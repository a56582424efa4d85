import type { Page, PageQuery } from '@blotter/shared';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { type AuditObjectType, writeAudit } from '../audit/audit.service';
import {
  deleteSavedItem,
  findSavedItem,
  insertSavedItem,
  listSavedItems,
  type SavedItemScope,
  type SavedItemStore,
  type SavedItemTable,
  type SavedItemTarget,
  type SavedItemValues,
  updateSavedItem,
} from './saved-items.queries';

/** One kind of saved item (saved searches, saved analyses): its store, names and how it is read. */
export interface SavedItemKind<T extends SavedItemTable, Stored, Answer, Create> {
  store: SavedItemStore<T>;
  /** What a dashboard item is called in audit entries and in its 404 (a report is a REPORT, 'Report'). */
  dashboard: { objectType: AuditObjectType; missing: string };
  /** The answer of a stored item, read with the current shared schema. */
  answerOf(stored: Stored): Answer;
  /** The stored fields of a create or update body (an update's id aside). */
  valuesOf(input: Create): SavedItemValues<T>;
}

/** The list, get, create, update and delete of one kind of saved item, each in the user's scope. */
export interface SavedItemService<Answer, Create> {
  list(tx: Executor, principal: Principal, target: SavedItemTarget, page: PageQuery): Promise<Page<Answer>>;
  /** An item the user may use (their own dashboard item, or a company report); 404 otherwise. */
  get(tx: Executor, principal: Principal, target: SavedItemTarget, id: string): Promise<Answer>;
  /** Saves a new item to the dashboard (the user's own) or to the company's reports, with its audit entry. */
  create(tx: Tx, principal: Principal, target: SavedItemTarget, input: Create): Promise<Answer>;
  /** Replaces the fields of an item in the user's scope (404 outside it), with its audit entry. */
  update(tx: Tx, principal: Principal, target: SavedItemTarget, input: Create & { id: string }): Promise<Answer>;
  /** Deletes an item in the user's scope (404 outside it), with its audit entry. */
  remove(tx: Tx, principal: Principal, target: SavedItemTarget, id: string): Promise<void>;
}

/** Dashboard items are the user's own; reports belong to the whole company. */
function scopeOf(principal: Principal, target: SavedItemTarget): SavedItemScope {
  return target === 'dashboard'
    ? { accountId: principal.accountId, target, userId: principal.userId }
    : { accountId: principal.accountId, target };
}

export function savedItemService<T extends SavedItemTable, Stored, Answer, Create>(
  kind: SavedItemKind<T, Stored, Answer, Create>,
): SavedItemService<Answer, Create> {
  const targets = { dashboard: kind.dashboard, report: { objectType: 'REPORT', missing: 'Report' } } as const;
  const audit = (
    tx: Tx,
    principal: Principal,
    target: SavedItemTarget,
    transactionType: 'CREATE' | 'UPDATE' | 'DELETE',
    saved: { id: string; name: string; objectData?: unknown },
  ) =>
    writeAudit(tx, principal, {
      objectType: targets[target].objectType,
      transactionType,
      objectName: saved.name,
      objectId: saved.id,
      objectData: saved.objectData,
    });

  const get = async (tx: Executor, principal: Principal, target: SavedItemTarget, id: string) => {
    const stored = await findSavedItem<Stored>(tx, kind.store, scopeOf(principal, target), id);
    if (!stored) throw notFound(targets[target].missing);
    return kind.answerOf(stored);
  };

  return {
    async list(tx, principal, target, page) {
      const stored = await listSavedItems<Stored>(tx, kind.store, scopeOf(principal, target), page);
      return { ...stored, items: stored.items.map(kind.answerOf) };
    },
    get,
    async create(tx, principal, target, input) {
      const values = kind.valuesOf(input);
      const id = await insertSavedItem(
        tx,
        kind.store,
        { ...scopeOf(principal, target), userId: principal.userId },
        values,
      );
      await audit(tx, principal, target, 'CREATE', { id, name: values.name, objectData: values });
      return get(tx, principal, target, id);
    },
    async update(tx, principal, target, input) {
      const values = kind.valuesOf(input);
      if (!(await updateSavedItem(tx, kind.store, scopeOf(principal, target), input.id, values))) {
        throw notFound(targets[target].missing);
      }
      await audit(tx, principal, target, 'UPDATE', { id: input.id, name: values.name, objectData: values });
      return get(tx, principal, target, input.id);
    },
    async remove(tx, principal, target, id) {
      const name = await deleteSavedItem(tx, kind.store, scopeOf(principal, target), id);
      if (name === undefined) throw notFound(targets[target].missing);
      await audit(tx, principal, target, 'DELETE', { id, name });
    },
  };
}
