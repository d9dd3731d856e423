import { defineCellView } from '../definition';

/** Links to the delegation's page; by code, the name beside it on wide screens. */
export default defineCellView({
  follows: 'delegations',
  Cell: ({ value }) => (
    <a href={`/delegation/${encodeURIComponent(value.link ?? value.text)}`} title={value.title} className="cell-org">
      {value.text}
      {value.title ? <span className="org-name hide-below-lg"> {value.title}</span> : null}
    </a>
  ),
});
