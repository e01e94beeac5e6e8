// The state of the search page's filter form. The form is a real GET form (it works without
// JavaScript); with JavaScript a changed select or radio button opens the new results on the
// client at once, and the typed price range when the form is submitted. The values follow the
// page's props, so after Back/Forward or a suggestion link the form shows what the results are.
import { useState } from 'react';
import { useRouter } from '../../common/router.jsx';
import { searchHref, searchValues } from './searchHref.js';

export default function useSearchForm(results) {
  const { navigate } = useRouter();
  const shown = searchValues(results);
  const signature = JSON.stringify([results.term, shown]);
  const [values, setValues] = useState(shown);
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    // New results arrived: the form starts from them (React's "adjust state on a prop change").
    setSeen(signature);
    setValues(shown);
  }

  const open = (next) => navigate(searchHref(results.term, next));

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
