import type {
  AccountJson,
  AccountSessionJson,
  AdminPayoutJson,
  BalanceJson,
  BillingDocumentJson,
  BillingJson,
  ConversationJson,
  ConversationUnreadJson,
  CourseDetailJson,
  CourseJson,
  CourseVideoJson,
  DesignerCardJson,
  EnrolledCourseJson,
  EnrollmentJson,
  FileRecordJson,
  LessonJson,
  LessonProgressJson,
  MessageJson,
  NotificationJson,
  NotificationPreferencesJson,
  OrderDetailJson,
  OrderEventJson,
  OrderFileJson,
  OrderJson,
  OrderPinJson,
  OrderQuoteJson,
  OrderStatusJson,
  PaymentConfigJson,
  PaymentIntentJson,
  PayoutDetailsJson,
  PayoutJson,
  PayoutsJson,
  PlatformTotalsJson,
  PresetJson,
  ProfileJson,
  PublishedCourseJson,
  ReviewJson,
  SandboxPayJson,
  ScanAnalysisJson,
  ScanFindingJson,
  SendAck,
  ServiceDetailJson,
  ServiceJson,
  SessionUser,
  SharedFileJson,
  UploadedMedia,
  UserRef,
} from '@cusp/shared';
import type { Domain } from './wire';

/**
 * The API's answers as the app holds them (lib/wire.ts, docs/decisions/0057): the same records, in the domain's names.
 * Features import these; only their `api/` folders name the wire types, to say what an endpoint answers with.
 */
export type Account = Domain<AccountJson>;
export type AccountSession = Domain<AccountSessionJson>;
export type AdminPayout = Domain<AdminPayoutJson>;
export type Billing = Domain<BillingJson>;
export type BillingDocument = Domain<BillingDocumentJson>;
export type Conversation = Domain<ConversationJson>;
export type ConversationUnread = Domain<ConversationUnreadJson>;
export type Course = Domain<CourseJson>;
export type CourseDetail = Domain<CourseDetailJson>;
export type CourseVideo = Domain<CourseVideoJson>;
export type CurrentUser = Domain<SessionUser>;
export type DesignerSummary = Domain<DesignerCardJson>;
export type EnrolledCourse = Domain<EnrolledCourseJson>;
export type Enrollment = Domain<EnrollmentJson>;
export type FileRecord = Domain<FileRecordJson>;
export type Lesson = Domain<LessonJson>;
export type LessonProgress = Domain<LessonProgressJson>;
export type Message = Domain<MessageJson>;
export type MoneyBalance = Domain<BalanceJson>;
export type NotificationPreferences = Domain<NotificationPreferencesJson>;
export type Order = Domain<OrderJson>;
export type OrderDetail = Domain<OrderDetailJson>;
export type OrderEvent = Domain<OrderEventJson>;
export type OrderFile = Domain<OrderFileJson>;
export type OrderPin = Domain<OrderPinJson>;
export type OrderQuote = Domain<OrderQuoteJson>;
export type OrderStatus = Domain<OrderStatusJson>;
export type PaymentConfig = Domain<PaymentConfigJson>;
export type PaymentIntent = Domain<PaymentIntentJson>;
export type Payout = Domain<PayoutJson>;
export type PayoutDetails = Domain<PayoutDetailsJson>;
export type Payouts = Domain<PayoutsJson>;
export type Person = Domain<UserRef>;
export type PlatformTotals = Domain<PlatformTotalsJson>;
export type Preset = Domain<PresetJson>;
export type Profile = Domain<ProfileJson>;
export type PublishedCourse = Domain<PublishedCourseJson>;
export type Review = Domain<ReviewJson>;
export type SandboxPay = Domain<SandboxPayJson>;
export type ScanAnalysis = Domain<ScanAnalysisJson>;
export type ScanFinding = Domain<ScanFindingJson>;
export type Service = Domain<ServiceJson>;
export type ServiceDetail = Domain<ServiceDetailJson>;
export type SharedFile = Domain<SharedFileJson>;
export type UploadedImage = Domain<UploadedMedia>;
export type UserNotification = Domain<NotificationJson>;
export type MessageAck = Domain<SendAck>;
