// @tend/domain/crisis: urgent help, always one action away: the UK crisis lines (bundled, never fetched), the
// one crisis panel of the app (openCrisisPanel from anywhere, e.g. the PHQ-9 item-9 safety flow) and the
// emergency chat request to the care team (requestEmergencyChat; the chat itself is the chat subject's).
export { CRISIS_LINES, type CrisisLine } from './lines.ts';
export {
  closeCrisisPanel,
  markSafetyResultStored,
  openCrisisPanel,
  resetCrisisPanel,
  useCrisisPanelState,
  type CrisisPanelState,
  type CrisisReason,
} from './panelState.ts';
export { useRequestEmergencyChat } from './queries.ts';
export { CrisisLines, CrisisModal, EmergencyChatRequest, type CrisisModalProps } from './CrisisPanel.tsx';
export { useCrisisWords } from './words.ts';
