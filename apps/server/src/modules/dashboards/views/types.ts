// What a dashboard view answers: figures and charts (each drawn with the table of exactly what it draws).
export interface DashboardChart {
  chartId: string;
  title: string;
  kind: 'line' | 'bar';
  x: 'week' | 'band' | 'measure';
  series: Array<{ key: string; name: string }>;
  rows: Array<{ label: string; values: number[] }>;
}

export interface DashboardData {
  organisationId: string;
  organisationName: string;
  generatedAt: string;
  from: string;
  to: string;
  figures: Array<{ key: string; name: string; value: number }>;
  charts: DashboardChart[];
}

/** What one view's builder answers (the rest of DashboardData is the same for every view). */
export type ViewFigures = Pick<DashboardData, 'figures' | 'charts' | 'from'>;
