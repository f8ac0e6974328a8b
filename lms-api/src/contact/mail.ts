import nodemailer from 'nodemailer';
import type { ContactMessageRow } from './store';

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** Forwards a contact message to the office's mailbox over SMTP (reply goes to the sender). */
export async function forwardByMail(
  smtpUrl: string,
  envelope: { from: string; to: string },
  message: ContactMessageRow,
): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  try {
    await transport.sendMail({
      from: envelope.from,
      to: envelope.to,
      replyTo: { name: oneLine(`${message.first_name} ${message.last_name}`), address: message.email },
      subject: oneLine(`Formulaire de contact : ${message.first_name} ${message.last_name}`),
      text: [
        `Prénom / First name: ${message.first_name}`,
        `Nom / Last name: ${message.last_name}`,
        `E-mail: ${message.email}`,
        `Téléphone / Phone: ${message.phone ?? '-'}`,
        `Reçu / Received: ${new Date(message.created_at).toISOString()}`,
        '',
        message.message,
      ].join('\n'),
    });
  } finally {
    transport.close();
  }
}
