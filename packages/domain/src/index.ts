// @tend/domain: the data layer between the generated client (@tend/api) and the apps' features. Its root entry
// holds the `domain` namespace's translations; subjects are their own entries: `@tend/domain/<subject>`
// (screening, moments, chat, …). Errors, submits and versioned forms are @tend/core's. See README.md.
export {
  DOMAIN_NS,
  domainKey,
  registerDomainWords,
  useDomainTranslation,
  type DomainResources,
} from './i18n.ts';
