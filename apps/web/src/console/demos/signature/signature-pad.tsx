import SignatureCanvasImport from 'react-signature-canvas';
import { forwardRef, useEffect, useRef, useState, type ForwardedRef } from 'react';

/**
 * react-signature-canvas ships one CommonJS build; under Vite its default import is the module
 * object on some paths and the class on others.
 */
const SignatureCanvas =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ??
  SignatureCanvasImport;
export type TSignatureCanvas = InstanceType<typeof SignatureCanvasImport>;

const HEIGHT = 200;
const MAX_WIDTH = 640;

export interface TSignaturePadProps {
  /** The canvas's name for assistive technology. */
  label: string;
  /** A stroke ended (something is drawn). */
  onEnd: () => void;
  /** The canvas was cleared by a resize (its width follows the page's). */
  onCleared: () => void;
}

/**
 * A signature canvas as wide as its container (at most 640 px): mouse, pen and touch draw
 * (signature_pad takes the pointer: no scrolling while signing). A width change redraws it empty.
 */
export const SignaturePad = forwardRef(function SignaturePad(
  { label, onEnd, onCleared }: TSignaturePadProps,
  ref: ForwardedRef<TSignatureCanvas>,
) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const cleared = useRef(onCleared);
  useEffect(() => {
    cleared.current = onCleared;
  }, [onCleared]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const next = Math.min(MAX_WIDTH, Math.floor(element.clientWidth));
      setWidth((current) => {
        if (current !== 0 && current !== next) cleared.current();
        return next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} style={{ width: '100%', maxWidth: MAX_WIDTH }}>
      {width > 0 && (
        <SignatureCanvas
          ref={ref}
          penColor="#1f1f1f"
          backgroundColor="rgb(255, 255, 255)"
          clearOnResize={false}
          onEnd={onEnd}
          canvasProps={{
            width,
            height: HEIGHT,
            role: 'img',
            'aria-label': label,
            style: {
              display: 'block',
              width,
              height: HEIGHT,
              border: '1px dashed var(--ant-color-border, #d9d9d9)',
              borderRadius: 6,
              touchAction: 'none',
            },
          }}
        />
      )}
    </div>
  );
});
