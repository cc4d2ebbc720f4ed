// @tend/domain/log: an audit log shown as a section of a page (the safeguarding look-ups, the data-export actions).
export {
  PagedLogSection,
  type PagedLog,
  type PagedLogColumn,
  type PagedLogSectionProps,
} from './PagedLogSection.tsx';
