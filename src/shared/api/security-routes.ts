/**
 * Where the second sign-in step and the Security screen's endpoints answer (zod-free, decision 047);
 * their schemas are in `security.ts`.
 */
export const securityRoutes = {
  loginWithTotp: { method: 'POST', path: '/api/admin/login/totp' },
  loginWithRecoveryCode: { method: 'POST', path: '/api/admin/login/recovery' },
  getPasskeyLoginOptions: { method: 'POST', path: '/api/admin/login/passkey/options' },
  loginWithPasskey: { method: 'POST', path: '/api/admin/login/passkey' },
  getSecurityOverview: { method: 'GET', path: '/api/admin/security' },
  getPasskeyRegistrationOptions: { method: 'POST', path: '/api/admin/security/passkeys/options' },
  registerPasskey: { method: 'POST', path: '/api/admin/security/passkeys' },
  renamePasskey: { method: 'PATCH', path: '/api/admin/security/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/api/admin/security/passkeys/:id' },
  enrolTotp: { method: 'POST', path: '/api/admin/security/totp' },
  confirmTotp: { method: 'POST', path: '/api/admin/security/totp/confirm' },
  removeTotp: { method: 'DELETE', path: '/api/admin/security/totp' },
  replaceRecoveryCodes: { method: 'POST', path: '/api/admin/security/recovery-codes' },
  listSessions: { method: 'GET', path: '/api/admin/security/sessions' },
  endSession: { method: 'DELETE', path: '/api/admin/security/sessions/:id' },
  endOtherSessions: { method: 'POST', path: '/api/admin/security/sessions/end-others' },
  stepUp: { method: 'POST', path: '/api/admin/security/step-up' },
  stepUpWithTotp: { method: 'POST', path: '/api/admin/security/step-up/totp' },
  getStepUpPasskeyOptions: { method: 'POST', path: '/api/admin/security/step-up/passkey/options' },
  stepUpWithPasskey: { method: 'POST', path: '/api/admin/security/step-up/passkey' },
} as const;
