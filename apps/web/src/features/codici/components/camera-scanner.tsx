import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader where it has one, else jsQR (loaded only now, on first use). */
async function makeReader(): Promise<(canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (canvas) => {
    const image = canvas
      .getContext('2d', { willReadFrequently: true })!
      .getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

/**
 * The phone's back camera reading a label's QR code. The camera needs HTTPS (or
 * localhost): without it, or without permission, it says so and the code can be typed instead.
 */
export function CameraScanner({
  onRead,
  onCancel,
}: {
  onRead: (text: string) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    const canvas = document.createElement('canvas');
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(
          'La fotocamera non è disponibile qui: serve una connessione sicura (https). Scrivi il codice.',
        );
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setProblem(
          'Non è stato possibile usare la fotocamera (permesso negato o fotocamera occupata). Scrivi il codice.',
        );
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await makeReader();
      const tick = async () => {
        const v = video.current;
        if (stopped || !v) return;
        if (v.videoWidth > 0) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          canvas.getContext('2d', { willReadFrequently: true })!.drawImage(v, 0, 0);
          const text = await read(canvas).catch(() => null);
          if (text && !stopped) {
            onRead(text);
            return;
          }
        }
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onRead]);

  return (
    <div className="camera-scanner" data-testid="camera-scanner">
      {problem ? (
        <p className="m-0">{problem}</p>
      ) : (
        <video ref={video} muted playsInline aria-label="Inquadra il codice QR dell’etichetta" />
      )}
      <Button type="button" label="Scrivi il codice" icon="pi pi-pencil" text onClick={onCancel} />
    </div>
  );
}
