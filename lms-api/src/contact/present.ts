import type { ContactMessage } from './schema';
import type { ContactMessageRow } from './store';

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function presentMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    created_at: iso(row.created_at),
    forwarded_at: row.forwarded_at === null ? null : iso(row.forwarded_at),
    forward_error: row.forward_error,
  };
}
