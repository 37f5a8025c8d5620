import type { TBuyerCase, TBuyerCases, TBuyerOrder, TCaseReason } from '@linkstore/contract';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, NETWORK_ERROR } from '../api';
import { useStorefront } from '../storefront-context';
import { useLoad } from '../use-load';

/*
 * "Report a problem" on the buyer's order page (issue 35): once the order shipped, a form per
 * line (what is wrong, in the buyer's words, with up to 3 photos) sent to the cases module, and
 * the buyer's cases with their steps — answering an operator's question from here too. The
 * contract's values are written out (the storefront downloads no zod, decision 0021); a test
 * checks they match.
 */

/** `casesRoutes.buyerCases` / `.open` (GET / POST) and `.reply`; a test checks the paths. */
export const casesPath = (token: string) =>
  `/api/v1/public/orders/by-link/${encodeURIComponent(token)}/cases`;
export const replyPath = (token: string, caseId: string) =>
  `${casesPath(token)}/${encodeURIComponent(caseId)}/reply`;
/** The contract's CASE_PHOTOS_MAX, CASE_MESSAGE_MAX, IMAGE_MAX_BYTES and IMAGE_CONTENT_TYPES. */
export const PHOTOS_MAX = 3;
export const MESSAGE_MAX = 2000;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The order of the reasons in the select; "not received" last (it waits for the estimate). */
export const REASONS: readonly TCaseReason[] = ['damaged', 'wrong_item', 'wrong_size', 'not_received'];

/** Stages with a shipment: only then can a problem be reported, or can there be cases. */
const SHIPPED_STAGES: readonly TBuyerOrder['stage'][] = ['shipped', 'delivered', 'refunded'];

/** The envelope's `data`, as `call` reads it; anything else an ApiError with the server's message. */
async function readEnvelope(response: Response): Promise<TBuyerCases> {
  const envelope = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  if (response.ok && envelope && String(envelope.code) === '1') return envelope.data as TBuyerCases;
  const code = envelope?.code;
  const fieldErrors = (envelope?.data as { fields?: unknown } | null | undefined)?.fields;
  throw new ApiError(
    typeof code === 'string' || typeof code === 'number' ? String(code) : String(response.status),
    typeof envelope?.msg === 'string' ? envelope.msg : '',
    Array.isArray(fieldErrors) ? (fieldErrors as ApiError['fields']) : [],
  );
}

/**
 * Sends a report or a reply as multipart (the photos as repeated `photos` parts), in `language`
 * (the server's messages follow it); the envelope read as `call` reads it.
 */
async function sendForm(
  path: string,
  fields: Record<string, string>,
  photos: File[],
  language: string,
): Promise<TBuyerCases> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', photo, photo.name);
  let response: Response;
  try {
    // Photos on a slow phone link take longer than an ordinary call.
    response = await fetch(path, {
      method: 'POST',
      headers: { lang: language },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, '');
  }
  return readEnvelope(response);
}

/** The calls of "Report a problem", in this lazy chunk with the order page that uses them. */
export const casesApi = {
  cases: async (token: string, language: string): Promise<TBuyerCases> => {
    let response: Response;
    try {
      response = await fetch(casesPath(token), { headers: { lang: language } });
    } catch {
      throw new ApiError(NETWORK_ERROR, '');
    }
    return readEnvelope(response);
  },
  open: (
    token: string,
    input: { itemId: string; reason: TCaseReason; message: string; photos: File[] },
    language: string,
  ) =>
    sendForm(
      casesPath(token),
      { itemId: input.itemId, reason: input.reason, message: input.message },
      input.photos,
      language,
    ),
  reply: (token: string, caseId: string, input: { message: string; photos: File[] }, language: string) =>
    sendForm(replyPath(token, caseId), { message: input.message }, input.photos, language),
};

export type TPhotoProblem = { kind: 'tooMany' } | { kind: 'notAnImage' | 'tooLarge'; name: string };

/** What the browser can tell of the chosen photos before sending; the server decides by the bytes. */
export function checkPhotos(files: readonly Pick<File, 'name' | 'size' | 'type'>[]): TPhotoProblem | null {
  if (files.length > PHOTOS_MAX) return { kind: 'tooMany' };
  for (const file of files) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type))
      return { kind: 'notAnImage', name: file.name };
    if (file.size > PHOTO_MAX_BYTES) return { kind: 'tooLarge', name: file.name };
  }
  return null;
}

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== NETWORK_ERROR && error.message ? error.message : fallback;

type TFieldErrors = Partial<Record<'reason' | 'message' | 'photos', string>>;

/** The server's field refusals (`photos.1`, `itemId`…) on the form's fields. */
function fieldErrorsOf(error: unknown): TFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const found: TFieldErrors = {};
  for (const { field, message } of error.fields) {
    const name = field.split('.')[0];
    if (name === 'reason' || name === 'message' || name === 'photos') found[name] ??= message;
  }
  return found;
}

/**
 * The message and photos fields of a report and of a reply: a textarea (at most MESSAGE_MAX) and
 * a file input taking up to PHOTOS_MAX images, each error tied to its field.
 */
function MessageAndPhotos(props: {
  idPrefix: string;
  messageLabel: string;
  message: string;
  onMessage: (value: string) => void;
  photos: File[];
  onPhotos: (files: File[]) => void;
  errors: TFieldErrors;
}) {
  const { t } = useStorefront();
  const { idPrefix, errors } = props;
  return (
    <>
      <div className="sf-field">
        <label htmlFor={`${idPrefix}-message`}>{props.messageLabel}</label>
        <textarea
          id={`${idPrefix}-message`}
          rows={4}
          maxLength={MESSAGE_MAX}
          required
          value={props.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${idPrefix}-message-error` : undefined}
          onChange={(event) => props.onMessage(event.target.value)}
        />
        {errors.message && (
          <p id={`${idPrefix}-message-error`} className="sf-field-error">
            {errors.message}
          </p>
        )}
      </div>
      <div className="sf-field">
        <label htmlFor={`${idPrefix}-photos`}>{t('cases.form.photos', { max: PHOTOS_MAX })}</label>
        <input
          id={`${idPrefix}-photos`}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={`${idPrefix}-photos-hint${errors.photos ? ` ${idPrefix}-photos-error` : ''}`}
          onChange={(event) => props.onPhotos([...(event.target.files ?? [])])}
        />
        <p id={`${idPrefix}-photos-hint`} className="sf-muted sf-accept">
          {t('cases.form.photosHint', { max: PHOTOS_MAX })}
        </p>
        {errors.photos && (
          <p id={`${idPrefix}-photos-error`} className="sf-field-error">
            {errors.photos}
          </p>
        )}
      </div>
    </>
  );
}

/** The message and photos checked as the server will: the errors to show, none when they may go. */
function useCheckMessage() {
  const { t } = useStorefront();
  return (message: string, photos: File[]): TFieldErrors => {
    const errors: TFieldErrors = {};
    if (message.trim() === '') errors.message = t('cases.errors.message');
    else if (message.trim().length > MESSAGE_MAX)
      errors.message = t('cases.errors.tooLong', { max: MESSAGE_MAX });
    const problem = checkPhotos(photos);
    if (problem?.kind === 'tooMany') errors.photos = t('cases.errors.tooManyPhotos', { max: PHOTOS_MAX });
    else if (problem) errors.photos = t(`cases.errors.${problem.kind}`, { name: problem.name });
    return errors;
  };
}

type TLine = TBuyerCases['lines'][number];

/** The form reporting a problem with one line. */
function ReportForm({
  token,
  line,
  notReceivedFrom,
  onSent,
  onClose,
}: {
  token: string;
  line: TLine;
  notReceivedFrom: Date | null;
  onSent: (cases: TBuyerCases) => void;
  onClose: () => void;
}) {
  const { t, language, locale } = useStorefront();
  const id = useId().replace(/:/g, '');
  const [reason, setReason] = useState<TCaseReason | ''>('');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const checkMessage = useCheckMessage();
  const product = line.variantLabel ? `${line.title} — ${line.variantLabel}` : line.title;
  // When the form opened: "not received" is offered if the estimate had passed by then.
  const [openedAt] = useState(() => Date.now());
  const canNotReceived = notReceivedFrom !== null && notReceivedFrom.getTime() <= openedAt;
  const fromDate = notReceivedFrom
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(notReceivedFrom)
    : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const problems: TFieldErrors = {
      ...(reason === '' ? { reason: t('cases.errors.reason') } : {}),
      ...checkMessage(message, photos),
    };
    setErrors(problems);
    const first = (['reason', 'message', 'photos'] as const).find((field) => problems[field]);
    if (first || reason === '') {
      document.getElementById(`${id}-${first ?? 'reason'}`)?.focus();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setServerError('');
    try {
      onSent(
        await casesApi.open(
          token,
          { itemId: line.itemId, reason, message: message.trim(), photos },
          language,
        ),
      );
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setServerError(Object.keys(fields).length > 0 ? '' : serverMessage(error, t('common.networkError')));
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <form className="sf-form sf-self-service" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('cases.form.title', { product })}</h3>
      <div className="sf-field">
        <label htmlFor={`${id}-reason`}>{t('cases.form.reason')}</label>
        <select
          id={`${id}-reason`}
          required
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={
            [
              notReceivedFrom && !canNotReceived ? `${id}-reason-hint` : '',
              errors.reason ? `${id}-reason-error` : '',
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => setReason(event.target.value as TCaseReason | '')}
        >
          <option value="">{t('cases.form.choose')}</option>
          {REASONS.map((value) => (
            <option key={value} value={value} disabled={value === 'not_received' && !canNotReceived}>
              {t(`cases.reasons.${value}`)}
            </option>
          ))}
        </select>
        {notReceivedFrom && !canNotReceived && (
          <p id={`${id}-reason-hint`} className="sf-muted sf-accept">
            {t('cases.notReceivedFrom', { date: fromDate })}
          </p>
        )}
        {errors.reason && (
          <p id={`${id}-reason-error`} className="sf-field-error">
            {errors.reason}
          </p>
        )}
      </div>
      <MessageAndPhotos
        idPrefix={id}
        messageLabel={t('cases.form.message')}
        message={message}
        onMessage={setMessage}
        photos={photos}
        onPhotos={(files) => {
          setPhotos(files);
          setErrors((current) => ({ ...current, photos: checkMessage('x', files).photos }));
        }}
        errors={errors}
      />
      {serverError && (
        <p className="sf-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="sf-button sf-button-primary sf-button-wide" disabled={sending}>
        {sending ? t('cases.form.sending') : t('cases.form.send')}
      </button>
      <button type="button" className="sf-button sf-button-wide" onClick={onClose}>
        {t('cases.form.keep')}
      </button>
    </form>
  );
}

/** The buyer's answer to an operator's question on a case waiting for them. */
function ReplyForm({
  token,
  caseId,
  onSent,
}: {
  token: string;
  caseId: string;
  onSent: (cases: TBuyerCases) => void;
}) {
  const { t, language } = useStorefront();
  const id = useId().replace(/:/g, '');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const checkMessage = useCheckMessage();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems = checkMessage(message, photos);
    setErrors(problems);
    const first = (['message', 'photos'] as const).find((field) => problems[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    setServerError('');
    try {
      onSent(await casesApi.reply(token, caseId, { message: message.trim(), photos }, language));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setServerError(Object.keys(fields).length > 0 ? '' : serverMessage(error, t('common.networkError')));
      setSending(false);
    }
  };
  return (
    <form className="sf-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('cases.reply.title')}</h4>
      <MessageAndPhotos
        idPrefix={id}
        messageLabel={t('cases.reply.message')}
        message={message}
        onMessage={setMessage}
        photos={photos}
        onPhotos={setPhotos}
        errors={errors}
      />
      {serverError && (
        <p className="sf-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="sf-button sf-button-primary sf-button-wide" disabled={sending}>
        {sending ? t('cases.reply.sending') : t('cases.reply.send')}
      </button>
    </form>
  );
}

/** One case: the line, where it stands, and its steps (what the buyer and the shop said). */
function CaseItem({
  token,
  item,
  onChanged,
}: {
  token: string;
  item: TBuyerCase;
  onChanged: (c: TBuyerCases) => void;
}) {
  const { t, locale } = useStorefront();
  const day = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const product = item.variantLabel ? `${item.title} — ${item.variantLabel}` : item.title;
  const outcome =
    item.resolution === 'reship'
      ? t('cases.list.resolution.reship', { orderNo: item.reshipOrderNo ?? '' })
      : item.resolution
        ? t(`cases.list.resolution.${item.resolution}`)
        : t(`cases.list.status.${item.status}`);
  return (
    <li className="sf-case">
      <h3 className="sf-case-title">{product}</h3>
      <p className="sf-muted">
        {t(`cases.reasons.${item.reason}`)} ·{' '}
        {t('cases.list.opened', { date: day.format(new Date(item.openedAt)) })}
      </p>
      <p className="sf-notice">{outcome}</p>
      <ol className="sf-case-steps">
        {item.events.map((event, index) => (
          <li key={`${event.kind}-${index}`}>
            <strong>{t(`cases.list.kinds.${event.kind}`)}</strong>
            {' · '}
            {event.byBuyer ? t('cases.list.by.buyer') : t('cases.list.by.shop')} ·{' '}
            {day.format(new Date(event.at))}
            {event.message && <p className="sf-case-message">{event.message}</p>}
            {event.photoCount > 0 && (
              <p className="sf-muted">{t('cases.list.photos', { count: event.photoCount })}</p>
            )}
          </li>
        ))}
      </ol>
      {item.status === 'waiting_for_buyer' && <ReplyForm token={token} caseId={item.id} onSent={onChanged} />}
    </li>
  );
}

/**
 * The buyer's cases of this order, newest first, with a reply form on the one waiting for them.
 * Loads them itself unless given (`ReportProblem` passes what it loaded).
 */
export function BuyerCases({
  token,
  cases,
  onChanged,
}: {
  token: string;
  cases?: TBuyerCases;
  onChanged?: (cases: TBuyerCases) => void;
}) {
  const { t, language } = useStorefront();
  const load = useCallback(() => casesApi.cases(token, language), [token, language]);
  const loaded = useLoad(cases ? null : load);
  const [replied, setReplied] = useState<TBuyerCases | null>(null);
  // Given by ReportProblem: its copy is the one to show (it keeps the latest answer).
  const shown = cases ?? replied ?? loaded.data;
  if (!shown || shown.cases.length === 0) return null;
  return (
    <section aria-labelledby="sf-cases-title">
      <h2 id="sf-cases-title">{t('cases.list.heading')}</h2>
      <ul className="sf-cases">
        {shown.cases.map((item) => (
          <CaseItem
            key={item.id}
            token={token}
            item={item}
            onChanged={(next) => {
              setReplied(next);
              onChanged?.(next);
            }}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * "Report a problem" on the order page, once the order shipped: each line with a button opening
 * its form (one open case per line: a line with one says so), and the buyer's cases below. Shows
 * nothing before shipping, or when the server says no problem can be reported and there are no
 * cases.
 */
export function ReportProblem({ token, order }: { token: string; order: TBuyerOrder }) {
  const { t, language } = useStorefront();
  const shipped = SHIPPED_STAGES.includes(order.stage);
  const load = useCallback(() => casesApi.cases(token, language), [token, language]);
  const { data } = useLoad(shipped ? load : null);
  const [sent, setSent] = useState<TBuyerCases | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const cases = sent ?? data;
  if (!shipped || !cases) return null;
  const notReceivedFrom = cases.notReceivedFrom ? new Date(cases.notReceivedFrom) : null;
  const close = (itemId: string) => {
    setOpen(null);
    requestAnimationFrame(() => buttons.current.get(itemId)?.focus());
  };
  return (
    <>
      {cases.refusal === null && cases.lines.length > 0 && (
        <section aria-labelledby="sf-report-title">
          <h2 id="sf-report-title">{t('cases.heading')}</h2>
          <p className="sf-muted">{t('cases.hint')}</p>
          {done && (
            <p className="sf-notice" role="status">
              {t('cases.form.done')}
            </p>
          )}
          <ul className="sf-report-lines">
            {cases.lines.map((line) => {
              const product = line.variantLabel ? `${line.title} — ${line.variantLabel}` : line.title;
              if (line.openCaseId) {
                return (
                  <li key={line.itemId}>
                    <span>{product}</span> <span className="sf-muted">{t('cases.reported')}</span>
                  </li>
                );
              }
              return (
                <li key={line.itemId}>
                  {open === line.itemId ? (
                    <ReportForm
                      token={token}
                      line={line}
                      notReceivedFrom={notReceivedFrom}
                      onSent={(next) => {
                        setSent(next);
                        setDone(true);
                        setOpen(null);
                      }}
                      onClose={() => close(line.itemId)}
                    />
                  ) : (
                    <button
                      ref={(node) => {
                        if (node) buttons.current.set(line.itemId, node);
                        else buttons.current.delete(line.itemId);
                      }}
                      type="button"
                      className="sf-button sf-button-wide"
                      onClick={() => {
                        setDone(false);
                        setOpen(line.itemId);
                      }}
                    >
                      {t('cases.reportWith', { product })}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <BuyerCases token={token} cases={cases} onChanged={setSent} />
    </>
  );
}
