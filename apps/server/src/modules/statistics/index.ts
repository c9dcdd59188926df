/**
 * 统计中心 (issues 28, 38): 员工分析 and 提交统计, read from the worker, payroll, invoice and money
 * areas through their services.
 */
import { defineArea } from '../../core/area.ts';
import { statisticsRoutes } from './routes.ts';
import { employeeAnalysisExporter } from './service.ts';
import { submitStatisticsExporter } from './submit.ts';

export const statisticsArea = defineArea(
  'statistics',
  async (app) => {
    app.ctx.registry.exporters.add('employeeAnalysis', employeeAnalysisExporter);
    app.ctx.registry.exporters.add('submitStatistics', submitStatisticsExporter);
    await app.register(statisticsRoutes);
  },
  ['export'],
);
