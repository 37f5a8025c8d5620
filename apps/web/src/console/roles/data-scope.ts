import { useTranslation } from 'react-i18next';

/** `roles.data_scope`: 0 all, 1 own department and below, 2 own department, 3 self. */
export const DATA_SCOPES = [0, 1, 2, 3] as const;
export type TDataScope = (typeof DATA_SCOPES)[number];

const KEYS = {
  0: 'roles.dataScope.all',
  1: 'roles.dataScope.deptAndBelow',
  2: 'roles.dataScope.dept',
  3: 'roles.dataScope.self',
} as const;

/** The data scope's label; an unknown value shows as is. */
export function useDataScopeLabel(): (value: number) => string {
  const { t } = useTranslation('system');
  return (value) => (value in KEYS ? t(KEYS[value as TDataScope]) : String(value));
}

export function useDataScopeOptions(): { value: TDataScope; label: string }[] {
  const label = useDataScopeLabel();
  return DATA_SCOPES.map((value) => ({ value, label: label(value) }));
}
