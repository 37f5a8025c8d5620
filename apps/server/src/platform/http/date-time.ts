/** `yyyy-MM-dd HH:mm:ss`, in UTC: how the console's answers carry datetimes. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
