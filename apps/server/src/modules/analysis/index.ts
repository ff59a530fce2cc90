/** The scan-check module's public entry (docs/decisions/0029). */
export { checkNewOrderFile, orderFileForViewer, resumePendingAnalyses } from './analysis.service.js';
export { toAnalysisJson } from './findings.js';
