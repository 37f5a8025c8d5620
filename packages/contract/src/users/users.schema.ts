import { z } from 'zod';
import { ZDayOrDateTime, ZDayOrDateTimeRange } from '../platform/days';
import { ZEmail, ZNewPassword, ZVerificationCode } from '../accounts/accounts.schema';
import { ZPage, ZPageQuery } from '../platform/page';

/**
 * Console users are operators: users holding at least one role. Creators (who sign up by
 * email and hold no role) are not console users; the console never lists or edits them.
 */

/** A user id on the wire: a digit string (the table's bigint), small enough for a safe integer. */
export const ZUserId = z.string().regex(/^[1-9]\d{0,14}$/);
const ZRefId = z.string().regex(/^[1-9]\d{0,14}$/);

export const ZUserIdParams = z.object({ id: ZUserId });
export type TUserIdParams = z.infer<typeof ZUserIdParams>;

/** Batch delete: `DELETE /users/3,4` — comma-joined ids, at most 100. */
export const ZUserIdsParams = z.object({
  ids: z
    .string()
    .max(1600)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/)
    .transform((value) => [...new Set(value.split(','))]),
});
export type TUserIdsParams = z.infer<typeof ZUserIdsParams>;

/** 1 active, 0 disabled. */
export const ZUserStatus = z.literal([0, 1]);
/** Dictionary `gender`: 0 not said, 1 male, 2 female. */
export const ZGender = z.literal([0, 1, 2]);
export type TGender = z.infer<typeof ZGender>;

/** Console sign-in name: letters, digits, `_`, `.` and `-` (never `@`: that signs in by email). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{2,64}$/;
export const ZUsername = z.string().trim().min(2).max(64).regex(USERNAME_PATTERN);

/** Digits with an optional leading `+`, 6 to 20 digits, at most 20 characters in all. */
export const MOBILE_PATTERN = /^\+?\d{6,20}$/;

/** An optional text field: empty (or absent) means none, stored as null. */
const optionalText = (max: number, isValid: (value: string) => boolean, error: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => value === '' || isValid(value), { error })
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

export const ZMobile = optionalText(20, (value) => MOBILE_PATTERN.test(value), 'validation.mobile');
export const ZOptionalEmail = optionalText(
  254,
  (value) => ZEmail.safeParse(value).success,
  'validation.email',
).transform((value) => (value === null ? null : value.toLowerCase()));
/** An avatar is a web address (http or https). */
export const ZAvatarUrl = optionalText(
  1000,
  (value) => z.url({ protocol: /^https?$/ }).safeParse(value).success,
  'validation.url',
);
export const ZOptionalDeptId = z
  .union([ZRefId, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

/** One id, comma-joined ids, or a list of them. */
const ZIdList = z.union([
  z
    .string()
    .max(800)
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/),
  z
    .array(
      z
        .string()
        .max(800)
        .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/),
    )
    .max(50),
]);

export const USER_SORT_FIELDS = ['createTime', 'updateTime', 'username', 'nickname', 'status'] as const;

/**
 * `GET /users/page` and `GET /users/export`. Arrays come as `roleIds[]=1&roleIds[]=2` (the web
 * client), repeated `roleIds=1&roleIds=2`, comma-joined `roleIds=1,2`, or, for the created range,
 * upstream's `createTime[0]=…&createTime[1]=…`.
 */
export const ZUserPageQuery = ZPageQuery.extend({
  /** Matches username, nickname, mobile or email. */
  keywords: z.string().trim().max(50).optional(),
  status: z
    .enum(['0', '1'])
    .transform((value) => (value === '1' ? 1 : 0))
    .optional(),
  /** A department and every department below it. */
  deptId: ZOptionalDeptId,
  roleIds: ZIdList.optional(),
  'roleIds[]': ZIdList.optional(),
  createTime: ZDayOrDateTimeRange.optional(),
  'createTime[]': ZDayOrDateTimeRange.optional(),
  'createTime[0]': ZDayOrDateTime.optional(),
  'createTime[1]': ZDayOrDateTime.optional(),
  field: z.enum(USER_SORT_FIELDS).optional(),
  direction: z
    .enum(['ASC', 'DESC', 'asc', 'desc', 'ascend', 'descend'])
    .transform((value) => (value.toLowerCase().startsWith('asc') ? ('ASC' as const) : ('DESC' as const)))
    .optional(),
}).transform((raw) => {
  const list = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));
  const range = raw.createTime ?? raw['createTime[]'];
  const created = Array.isArray(range)
    ? range
    : range !== undefined
      ? [range]
      : [raw['createTime[0]'] ?? '', raw['createTime[1]'] ?? ''];
  return {
    pageNum: raw.pageNum,
    pageSize: raw.pageSize,
    keywords: raw.keywords || undefined,
    status: raw.status,
    deptId: raw.deptId,
    roleIds: [...new Set(list(raw.roleIds ?? raw['roleIds[]']).filter((id) => ZRefId.safeParse(id).success))],
    createdFrom: created[0] || undefined,
    createdTo: created[1] || undefined,
    field: raw.field,
    direction: raw.direction,
  };
});
export type TUserPageQuery = z.output<typeof ZUserPageQuery>;
export type TUserPageQueryInput = z.input<typeof ZUserPageQuery>;

/** Datetimes are `yyyy-MM-dd HH:mm:ss` (UTC). `roleNames` is `"a,b"`. */
export const ZUserPageItem = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  gender: ZGender,
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  status: ZUserStatus,
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  roleNames: z.string(),
  createTime: z.string(),
});
export type TUserPageItem = z.infer<typeof ZUserPageItem>;
export const ZUserPage = ZPage(ZUserPageItem);
export type TUserPage = z.infer<typeof ZUserPage>;

export const ZUserForm = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  gender: ZGender,
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  status: ZUserStatus,
  deptId: z.string().nullable(),
  roleIds: z.array(z.string()),
});
export type TUserForm = z.infer<typeof ZUserForm>;

/** Edit body. Unknown fields (such as the form's own `id`) are ignored. */
export const ZUserRequest = z.object({
  username: ZUsername,
  nickname: z.string().trim().min(1).max(64),
  mobile: ZMobile,
  gender: ZGender.default(0),
  avatar: ZAvatarUrl,
  email: ZOptionalEmail,
  status: ZUserStatus.default(1),
  deptId: ZOptionalDeptId,
  /** An operator holds at least one role. */
  roleIds: z.array(ZRefId).min(1).max(20),
});
export type TUserRequest = z.output<typeof ZUserRequest>;
export type TUserRequestInput = z.input<typeof ZUserRequest>;

/** Create body: an operator sets the new user's first password (there is no default one). */
export const ZUserCreateRequest = ZUserRequest.extend({ password: ZNewPassword });
export type TUserCreateRequest = z.output<typeof ZUserCreateRequest>;
export type TUserCreateRequestInput = z.input<typeof ZUserCreateRequest>;

/** `PATCH /users/{id}/status?status=0|1`. */
export const ZUserStatusQuery = z.object({
  status: z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0)),
});

/** `PUT /users/{id}/password/reset`: the new password travels in the body, never in the URL. */
export const ZUserPasswordResetRequest = z.object({ password: ZNewPassword });
export type TUserPasswordResetRequest = z.infer<typeof ZUserPasswordResetRequest>;

/** `{value: id, label: nickname}` of enabled operators. */
export const ZUserOption = z.object({ value: z.string(), label: z.string() });
export const ZUserOptions = z.array(ZUserOption);
export type TUserOption = z.infer<typeof ZUserOption>;

/** The most rows one import takes; a larger file is refused whole. */
export const USER_IMPORT_MAX_ROWS = 5000;
/** The most rows one export writes; a larger result asks for a narrower filter. */
export const USER_EXPORT_MAX_ROWS = 10000;
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isBytes = (value: unknown): boolean => value instanceof Uint8Array;

/** Multipart `file`: the .xlsx workbook (the web client sends a Blob; the server sees bytes). */
export const ZUserImportRequest = z.object({
  file: z
    .unknown()
    .refine(isBytes, { error: 'validation.file' })
    .transform((value) => value as Uint8Array),
});
export type TUserImportRequestInput = { file: Blob };

export const ZUserImportResult = z.object({
  validCount: z.number().int().min(0),
  invalidCount: z.number().int().min(0),
  /** One entry per refused row: its row number in the sheet (the header is row 1) and why. */
  messageList: z.array(z.object({ row: z.number().int().min(1), message: z.string() })),
});
export type TUserImportResult = z.infer<typeof ZUserImportResult>;

/** `GET /users/profile`: the signed-in user's own card. */
export const ZUserProfile = z.object({
  id: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  gender: ZGender,
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  deptName: z.string().nullable(),
  roleNames: z.string(),
  createTime: z.string(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

export const ZUserProfileRequest = z.object({
  nickname: z.string().trim().min(1).max(64),
  gender: ZGender.default(0),
  avatar: ZAvatarUrl,
  mobile: ZMobile,
});
export type TUserProfileRequest = z.output<typeof ZUserProfileRequest>;
export type TUserProfileRequestInput = z.input<typeof ZUserProfileRequest>;

/** `PUT /users/password`. The web form also sends `confirmPassword`, checked when present. */
export const ZUserPasswordChangeRequest = z
  .object({
    oldPassword: z.string().min(1).max(128),
    newPassword: ZNewPassword,
    confirmPassword: z.string().max(128).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordMismatch',
  });
export type TUserPasswordChangeRequest = z.infer<typeof ZUserPasswordChangeRequest>;

export const ZBindEmailCodeRequest = z.object({ email: ZEmail });
export type TBindEmailCodeRequest = z.infer<typeof ZBindEmailCodeRequest>;

export const ZBindEmailRequest = z.object({ email: ZEmail, code: ZVerificationCode });
export type TBindEmailRequest = z.infer<typeof ZBindEmailRequest>;
