// A chart with its title, a line on what it shows, and its exports: the SVG as drawn and a PNG
// rendered from it. Wraps any chart of this folder.
import { useRef, useState, type ReactNode } from 'react';
import { downloadBlob, fileSafe } from './download';
import { serialiseSvg, svgToPng } from './exportSvg';

type ChartFigureProps = { title: string; caption?: ReactNode; fileName: string; controls?: ReactNode; children: ReactNode };

export function ChartFigure({ title, caption, fileName, controls, children }: ChartFigureProps) {
  const body = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const chartSvg = () => body.current?.querySelector('svg') ?? null;

  const exportAs = async (format: 'svg' | 'png') => {
    const svg = chartSvg();
    if (!svg) return;
    setError(null);
    const text = serialiseSvg(svg);
    const name = `${fileSafe(fileName)}.${format}`;
    if (format === 'svg') downloadBlob(name, new Blob([text], { type: 'image/svg+xml' }));
    else {
      try {
        const { width, height } = svg.getBoundingClientRect();
        downloadBlob(name, await svgToPng(text, width, height));
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    }
  };

  return (
    <figure className="chart-figure" aria-label={title}>
      <div className="chart-figure__header">
        <div>
          <h3 className="chart-figure__title">{title}</h3>
          {caption && <p className="chart-figure__caption">{caption}</p>}
        </div>
        <div className="chart-figure__actions">
          {controls}
          <button type="button" className="button button--small" onClick={() => void exportAs('svg')} aria-label={`Export ${title} as SVG`}>
            SVG
          </button>
          <button type="button" className="button button--small" onClick={() => void exportAs('png')} aria-label={`Export ${title} as PNG`}>
            PNG
          </button>
        </div>
      </div>
      <div ref={body} className="chart-figure__body">
        {children}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </figure>
  );
}
