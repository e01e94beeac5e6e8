// A book's authors, each a link to their page: "Ann Lee, Raj Rao and Mo Chen".
import { Fragment } from 'react';
import RouterAnchor from '../../common/RouterAnchor.jsx';

const separator = (i, count) => (i === 0 ? '' : i === count - 1 ? ' and ' : ', ');

/** authors: [{name, url}] in the order the cover gives them. */
export default function AuthorLinks({ authors }) {
  return authors.map((author, i) => (
    <Fragment key={author.url}>
      {separator(i, authors.length)}
      <RouterAnchor href={author.url}>{author.name}</RouterAnchor>
    </Fragment>
  ));
}
