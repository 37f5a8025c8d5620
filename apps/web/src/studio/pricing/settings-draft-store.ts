import { MAX_PERCENTAGE, MIN_PERCENTAGE, ROUNDINGS, type TRounding } from '@linkstore/contract';
import { create } from 'zustand';
import { isRecord, readJson, removeKey, writeJson } from '../../shared/preferences/local-storage';
import { StorageKey } from '../../shared/preferences/storage-keys';
import type { TSettingsDraft } from './pricing-draft';

/** The settings draft with the creator it belongs to, so another sign-in on this browser never sees it. */
export interface TStoredSettingsDraft {
  ownerId: string;
  draft: TSettingsDraft;
}

interface TSettingsDraftState {
  stored: TStoredSettingsDraft | null;
  setDraft: (ownerId: string, draft: TSettingsDraft) => void;
  clear: () => void;
}

const isPercentage = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= MIN_PERCENTAGE && (value as number) <= MAX_PERCENTAGE;

/** A stored draft with every field checked (localStorage is user-editable); null when unusable. */
export function sanitizeStoredDraft(value: unknown): TStoredSettingsDraft | null {
  if (!isRecord(value) || typeof value.ownerId !== 'string' || !isRecord(value.draft)) return null;
  const { defaultPercentage, rounding, categories } = value.draft;
  const draft: TSettingsDraft = { categories: {} };
  if (isPercentage(defaultPercentage)) draft.defaultPercentage = defaultPercentage;
  if (ROUNDINGS.includes(rounding as TRounding)) draft.rounding = rounding as TRounding;
  if (isRecord(categories)) {
    for (const [id, percentage] of Object.entries(categories)) {
      if (percentage === null || isPercentage(percentage)) draft.categories[id] = percentage;
    }
  }
  return { ownerId: value.ownerId, draft };
}

/** Unsaved default, rounding and category percentages, kept across reloads until saved or reset. */
export const useSettingsDraft = create<TSettingsDraftState>()((set) => ({
  stored: sanitizeStoredDraft(readJson(StorageKey.pricingDraft, isRecord)),
  setDraft: (ownerId, draft) => {
    const stored = { ownerId, draft };
    writeJson(StorageKey.pricingDraft, stored);
    set({ stored });
  },
  clear: () => {
    removeKey(StorageKey.pricingDraft);
    set({ stored: null });
  },
}));
