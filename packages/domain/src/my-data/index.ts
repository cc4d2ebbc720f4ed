// @tend/domain/my-data: the patient's self-service export of everything Tend keeps about them.
export { exportFileName, useExportMyData } from './export.ts';
