import type { TDictTagType } from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { dictItems, dicts } from './dicts.table';

interface SeedItem {
  value: string;
  tagType: TDictTagType;
  /** English first, then every other interface language. */
  label: string;
  labels: { es: string; pt: string; 'zh-cn': string; fr: string };
}

interface SeedDict {
  dictCode: string;
  name: string;
  remark: string;
  items: SeedItem[];
}

/** The dictionaries the console starts with, each label in the five interface languages. */
export const SEED_DICTS: SeedDict[] = [
  {
    dictCode: 'gender',
    name: 'Gender',
    remark: "A person's gender, as they choose to give it",
    items: [
      {
        value: '1',
        tagType: 'primary',
        label: 'Male',
        labels: { es: 'Masculino', pt: 'Masculino', 'zh-cn': '男', fr: 'Homme' },
      },
      {
        value: '2',
        tagType: 'danger',
        label: 'Female',
        labels: { es: 'Femenino', pt: 'Feminino', 'zh-cn': '女', fr: 'Femme' },
      },
      {
        value: '0',
        tagType: 'info',
        label: 'Prefer not to say',
        labels: {
          es: 'Prefiero no decirlo',
          pt: 'Prefiro não dizer',
          'zh-cn': '保密',
          fr: 'Préfère ne pas le dire',
        },
      },
    ],
  },
  {
    dictCode: 'notice_type',
    name: 'Notice type',
    remark: 'What a notice is about',
    items: [
      {
        value: '1',
        tagType: 'success',
        label: 'System upgrade',
        labels: {
          es: 'Actualización del sistema',
          pt: 'Atualização do sistema',
          'zh-cn': '系统升级',
          fr: 'Mise à niveau du système',
        },
      },
      {
        value: '2',
        tagType: 'primary',
        label: 'System maintenance',
        labels: {
          es: 'Mantenimiento del sistema',
          pt: 'Manutenção do sistema',
          'zh-cn': '系统维护',
          fr: 'Maintenance du système',
        },
      },
      {
        value: '3',
        tagType: 'danger',
        label: 'Security warning',
        labels: {
          es: 'Alerta de seguridad',
          pt: 'Alerta de segurança',
          'zh-cn': '安全警告',
          fr: 'Alerte de sécurité',
        },
      },
      {
        value: '4',
        tagType: 'success',
        label: 'Holiday notice',
        labels: {
          es: 'Aviso de vacaciones',
          pt: 'Aviso de feriado',
          'zh-cn': '假期通知',
          fr: 'Avis de congés',
        },
      },
      {
        value: '5',
        tagType: 'primary',
        label: 'Company news',
        labels: {
          es: 'Noticias de la empresa',
          pt: 'Notícias da empresa',
          'zh-cn': '公司新闻',
          fr: "Actualités de l'entreprise",
        },
      },
      {
        value: '99',
        tagType: 'info',
        label: 'Other',
        labels: { es: 'Otro', pt: 'Outro', 'zh-cn': '其他', fr: 'Autre' },
      },
    ],
  },
  {
    dictCode: 'notice_level',
    name: 'Notice level',
    remark: 'How important a notice is',
    items: [
      {
        value: 'L',
        tagType: 'info',
        label: 'Low',
        labels: { es: 'Baja', pt: 'Baixa', 'zh-cn': '低', fr: 'Faible' },
      },
      {
        value: 'M',
        tagType: 'warning',
        label: 'Medium',
        labels: { es: 'Media', pt: 'Média', 'zh-cn': '中', fr: 'Moyenne' },
      },
      {
        value: 'H',
        tagType: 'danger',
        label: 'High',
        labels: { es: 'Alta', pt: 'Alta', 'zh-cn': '高', fr: 'Élevée' },
      },
    ],
  },
];

/**
 * Inserts the dictionaries that are missing (by code), each with its items. Items are only
 * added together with their dictionary, so an item an operator deleted stays deleted.
 */
export async function seedDicts(db: AppDatabase): Promise<number> {
  const inserted = await db
    .insert(dicts)
    .values(SEED_DICTS.map(({ dictCode, name, remark }) => ({ dictCode, name, remark })))
    .onConflictDoNothing({ target: dicts.dictCode })
    .returning({ dictCode: dicts.dictCode });
  if (inserted.length === 0) return 0;
  const codes = new Set(inserted.map((d) => d.dictCode));
  const items = SEED_DICTS.filter((d) => codes.has(d.dictCode)).flatMap((d) =>
    d.items.map((item, index) => ({ dictCode: d.dictCode, ...item, sort: index + 1 })),
  );
  // Items left under a code by hand are kept as they are.
  await db
    .insert(dictItems)
    .values(items)
    .onConflictDoNothing({ target: [dictItems.dictCode, dictItems.value] });
  return inserted.length;
}
