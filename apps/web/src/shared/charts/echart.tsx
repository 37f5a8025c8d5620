import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type ECharts } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

registerCharts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type TChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/**
 * One ECharts chart (SVG, only the parts the dashboards and the tax report use: this module is
 * its own lazily loaded chunk), sized to its box and redrawn when the option changes. The chart is drawn for the eye;
 * `label` names it for screen readers, and the dashboard offers the same figures as a table.
 */
export default function EChart({
  option,
  label,
  height,
}: {
  option: TChartOption;
  label: string;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
