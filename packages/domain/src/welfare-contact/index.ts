// @tend/domain/welfare-contact: the one person a patient allows their care team to e-mail about their welfare
// (name, relationship, e-mail): named, changed and withdrawn by the patient, with the record of each welfare
// e-mail their care team sent to it.
export { useSaveWelfareContact, useWelfareContact, useWithdrawWelfareContact } from './queries.ts';
