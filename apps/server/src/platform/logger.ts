import type { FastifyServerOptions } from 'fastify';

/** pino options: never log tokens, passwords or device keys. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers["x-access-token"]',
        'req.headers.authorization',
        'req.headers["x-device-key"]',
        'password',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  };
}
