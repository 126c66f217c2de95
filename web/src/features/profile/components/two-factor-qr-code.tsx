import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';

const QUIET_ZONE = 4;

/**
 * The otpauth:// URI as a QR code, drawn here as SVG by the `qrcode` package (loaded only when a
 * member sets up two-factor): the secret never goes to another origin (docs/product.md#nothing-leaves-the-origin).
 */
async function drawQr(uri: string) {
  const { create } = await import('qrcode');
  const { modules } = create(uri, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path };
}

export function TwoFactorQrCode({ uri }: { uri: string }) {
  // Kept only while shown: the picture carries the secret.
  const qr = useQuery({ queryKey: ['two-factor-qr', uri], queryFn: () => drawQr(uri), staleTime: Infinity, gcTime: 0 });
  if (!qr.data) return <Skeleton className="size-48" />;
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`0 0 ${qr.data.size} ${qr.data.size}`}
      className="size-48 rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={qr.data.path} fill="#000" />
    </svg>
  );
}
