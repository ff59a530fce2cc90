export { NewsletterForm } from './components/NewsletterForm';
