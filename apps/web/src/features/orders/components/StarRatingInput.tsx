import { useId, useState } from 'react';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import classes from './StarRatingInput.module.css';

interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  /** The accessible name of each choice ("4 stars"). */
  labelFor: (value: number) => string;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * 1 to 5 stars as native radio buttons (visually hidden, the stars are their labels): a click or the
 * arrow keys choose, and the choice stays when focus leaves. Hovering previews a value.
 */
export function StarRatingInput({ value, onChange, labelFor, describedBy, invalid }: StarRatingInputProps) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className={classes.stars} onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <label key={star} className={classes.star} data-filled={star <= shown || undefined} onMouseEnter={() => setHover(star)}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            aria-label={labelFor(star)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
          {star <= shown ? <IconStarFilled size={28} aria-hidden /> : <IconStar size={28} aria-hidden />}
        </label>
      ))}
    </div>
  );
}
