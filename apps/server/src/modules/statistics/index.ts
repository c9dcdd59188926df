/** 统计中心 (issue 28): 员工分析, read from the worker and payroll areas through their services. */
import { defineArea } from '../../core/area.ts';
import { statisticsRoutes } from './routes.ts';
import { employeeAnalysisExporter } from './service.ts';

export const statisticsArea = defineArea(
  'statistics',
  async (app) => {
    app.ctx.registry.exporters.add('employeeAnalysis', employeeAnalysisExporter);
    await app.register(statisticsRoutes);
  },
  ['export'],
);
