// A form's values and errors: client checks first (rules.js), then the server's answer; a 422's
// per-field errors are shown next to their fields, anything else as a toast.
import { useState } from 'react';
import { notify } from '../../common/toast.jsx';
import { fieldErrors, sendJson } from './api.js';

export default function useForm(initial, check) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);

  const set = (field) => (value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  // Sends body() with method to url; answers the saved record, or null when refused (after
  // `refused(answer)`, for a form that changes by what the server said).
  const submit = async (method, url, body, refused) => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) {
      notify.error('Please correct the highlighted fields');
      return null;
    }
    setBusy(true);
    try {
      const answer = await sendJson(method, url, body(values));
      if (answer.ok) return answer.data ?? {};
      if (answer.status === 422) setErrors(fieldErrors(answer.data));
      refused?.(answer);
      notify.error(answer.data.message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, set, setValues, submit };
}
