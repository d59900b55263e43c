/** The simulator's sending side (DIMSE and HTTP), kept apart from the generator the server loads. */
export { type DimseTarget, type SendResult, sendFiles } from './dimse';
export { type HeartbeatOptions, sendHeartbeats } from './heartbeats';
export { type FleetObjectsOptions, type ObjectKind, type SimObject, writeFleetObjects } from './objects';
export { runDeviceUpdaters, type UpdaterOptions, type UpdaterResult } from './updater';
