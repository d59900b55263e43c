import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The otpauth:// set-up address as a QR code for the phone's camera. Drawn as an SVG image (not
 * inserted as markup), by the qrcode library loaded only when someone enrols.
 */
export function SetupQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const svg = await qr.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return <Skeleton w={180} h={180} aria-label="Preparing the QR code" />;
  return (
    <Image
      src={src}
      w={180}
      h={180}
      alt="QR code of the set-up link for your authenticator app"
      data-testid="totp-qr"
    />
  );
}
