// The state of a results page's filter form (the search page's and the book pages'). The form
// is a real GET form (it works without JavaScript); with JavaScript a changed select or radio
// button opens the new results on the client at once, and the typed price range when the form is
// submitted. The values follow the page's props, so after Back/Forward or a suggestion link the
// form shows what the results are.
import { useState } from 'react';
import { useRouter } from '../../common/router.jsx';
import { searchHref, searchValues } from './searchHref.js';

/**
 * `valuesOf(results)`: the form's values of the results shown; `hrefOf(values)`: the address of
 * the results for other values. Both default to the search page's (the book pages pass theirs).
 */
export default function useSearchForm(results, { valuesOf = searchValues, hrefOf = (values) => searchHref(results.term, values) } = {}) {
  const { navigate } = useRouter();
  const shown = valuesOf(results);
  const signature = hrefOf(shown);
  const [values, setValues] = useState(shown);
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    // New results arrived: the form starts from them (React's "adjust state on a prop change").
    setSeen(signature);
    setValues(shown);
  }

  const open = (next) => navigate(hrefOf(next));

  /** `now`: apply at once (select, radio); otherwise wait for the form to be submitted (typing a price). */
  const change = (name, value, now = true) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (now) open(next);
  };

  const submit = (event) => {
    event.preventDefault();
    open(values);
  };

  return { values, change, submit };
}
