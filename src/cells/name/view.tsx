import { defineCellView } from '../definition';

/** The full name, and the short one a phone shows instead; a single competitor links to its page. */
export default defineCellView({
  follows: 'athletes',
  Cell: ({ value }) => {
    const content =
      value.short && value.short !== value.text ? (
        <>
          <span className="name-full">{value.text}</span>
          <span className="name-short" aria-hidden="true">
            {value.short}
          </span>
        </>
      ) : (
        value.text
      );
    return value.link ? (
      <a href={`/competitor/${encodeURIComponent(value.link)}`} className="cell-name">
        {content}
      </a>
    ) : (
      <span className="cell-name">{content}</span>
    );
  },
});
