import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type * as EChartsCore from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';

type TECharts = typeof EChartsCore;

/** ECharts with the few charts and parts 员工分析 draws, loaded the first time a chart shows. */
let loading: Promise<TECharts> | null = null;
function loadECharts(): Promise<TECharts> {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.PieChart,
      charts.LineChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.AriaComponent,
      renderers.CanvasRenderer,
    ]);
    return core;
  });
  return loading;
}

/**
 * A chart: the option drawn into a div that follows its width. The chart is a picture for the
 * eye (`role="img"` with `label`); its table beside it carries the same figures as text.
 */
export function EChart({ option, label, height = 260 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<TECharts['init']> | null>(null);
  const [isReady, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | undefined;
    void loadECharts()
      .then((echarts) => {
        if (!alive || !ref.current) return;
        // No 2D canvas (an old browser, a simulated DOM): ECharts would fail on its first drawing
        // and take the screen down with it; the chart says it cannot show instead.
        if (!document.createElement('canvas').getContext('2d')) throw new Error('no 2D canvas');
        chart.current = echarts.init(ref.current, undefined, { renderer: 'canvas' });
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(ref.current);
        setReady(true);
      })
      .catch(() => {
        // No canvas (an old browser): the table beside the chart still holds every figure.
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // ECharts' aria writes the container's aria-label: ours (the chart's name; its figures are in
    // the table beside it), not the one ECharts would generate over it.
    if (isReady) chart.current?.setOption({ aria: { enabled: true, label: { description: label } }, ...option }, true);
  }, [isReady, option, label]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />
      {failed && (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          图表无法显示，请查看表格
        </div>
      )}
      {/* A status names the wait (a bare div may not carry an aria-label: axe's aria-prohibited-attr). */}
      {!isReady && !failed && (
        <div
          role="status"
          aria-label="图表加载中"
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          <Spin />
        </div>
      )}
    </div>
  );
}
