/**
 * The mail module's interface (DESIGN §3 'Mail providers'): every outgoing message of the product
 * goes through one `MailProvider`, chosen by configuration.
 */

export interface Address {
  name?: string;
  address: string;
}

export interface OutgoingMessage {
  to: Address;
  subject: string;
  /** HTML body; a plain-text alternative is derived from it unless `text` is given. */
  html: string;
  /** The plain-text alternative, when written by hand rather than derived from the HTML. */
  text?: string;
  replyTo?: Address;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). Values are encoded by the MIME composer. */
  headers?: Record<string, string>;
}

export interface SentMessage {
  /** The RFC 5322 Message-ID of the sent message. */
  messageId: string;
}

/** Raised when a provider could not send; `message` is the provider's own, safe to show the admin. */
export class MailSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp' | 'gmail';
  /** Sends one message. @throws MailSendError when the provider refuses or cannot be reached. */
  send(message: OutgoingMessage): Promise<SentMessage>;
  /** Releases connections (pooled SMTP). */
  close(): Promise<void>;
}
