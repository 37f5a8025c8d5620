import { Card, Descriptions, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dict } from '../../../shared/dict/dict';
import { DictLabel, DictTags } from '../../../shared/dict/dict-label';
import { DemoFrame } from '../demo-frame';

type TValue = string | number;

const single = (value: TValue | TValue[] | undefined): TValue | undefined =>
  Array.isArray(value) ? value[0] : value;
const several = (value: TValue | TValue[] | undefined): TValue[] =>
  value === undefined ? [] : [value].flat();

/**
 * Dictionary components bound to a dictionary code: a select, radio buttons and checkboxes of
 * the seeded `gender` and `notice_type` dictionaries, and the selected values as their labels.
 */
export default function DictDemoPage() {
  const { t } = useTranslation('demos');
  const [gender, setGender] = useState<TValue | undefined>(1);
  const [noticeType, setNoticeType] = useState<TValue | undefined>();
  const [noticeTypes, setNoticeTypes] = useState<TValue[]>([]);

  return (
    <DemoFrame title={t('dict.title')} intro={t('dict.intro')}>
      <Card size="small" title={t('dict.controls')}>
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={t('dict.genderSelect')} htmlFor="demo-dict-gender-select">
            <Dict
              id="demo-dict-gender-select"
              code="gender"
              valueType="number"
              value={gender ?? null}
              onChange={(value) => setGender(single(value))}
              placeholder={t('dict.choose')}
              style={{ width: '100%', maxWidth: 240 }}
            />
          </Form.Item>
          <Form.Item label={t('dict.genderRadio')}>
            <Dict
              code="gender"
              type="radio"
              valueType="number"
              aria-label={t('dict.genderRadio')}
              value={gender ?? null}
              onChange={(value) => setGender(single(value))}
            />
          </Form.Item>
          <Form.Item label={t('dict.noticeTypeSelect')} htmlFor="demo-dict-notice-select">
            <Dict
              id="demo-dict-notice-select"
              code="notice_type"
              value={noticeType ?? null}
              onChange={(value) => setNoticeType(single(value))}
              placeholder={t('dict.choose')}
              style={{ width: '100%', maxWidth: 240 }}
            />
          </Form.Item>
          <Form.Item label={t('dict.noticeTypeCheckbox')}>
            <Dict
              code="notice_type"
              type="checkbox"
              aria-label={t('dict.noticeTypeCheckbox')}
              value={noticeTypes}
              onChange={(value) => setNoticeTypes(several(value))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" title={t('dict.selected')}>
        <Descriptions
          column={1}
          items={[
            {
              key: 'gender',
              label: t('dict.gender'),
              children: (
                <span data-testid="dict-gender">
                  {gender === undefined ? t('dict.none') : <DictLabel code="gender" value={gender} />}
                </span>
              ),
            },
            {
              key: 'noticeType',
              label: t('dict.noticeType'),
              children: (
                <span data-testid="dict-notice-type">
                  {noticeType === undefined ? (
                    t('dict.none')
                  ) : (
                    <DictLabel code="notice_type" value={noticeType} />
                  )}
                </span>
              ),
            },
            {
              key: 'noticeTypes',
              label: t('dict.noticeTypes'),
              children: (
                <span data-testid="dict-notice-types">
                  {noticeTypes.length === 0 ? (
                    t('dict.none')
                  ) : (
                    <DictTags code="notice_type" values={noticeTypes} />
                  )}
                </span>
              ),
            },
          ]}
        />
      </Card>
    </DemoFrame>
  );
}
