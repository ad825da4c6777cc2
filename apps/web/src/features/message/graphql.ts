import { graphql } from 'gql.tada';

/** A conversation as a list row (creator's list, staff list, a creation's panel). */
export const ConversationRowFragment = graphql(`
  fragment ConversationRow on Conversation @_unmask {
    id
    number
    subject
    status
    read
    preview
    previewType
    threadCount
    lastActivityAt
    tags
    assignee {
      MemberID
      UserName
    }
    member {
      MemberID
      UserName
    }
    submission {
      id
      name
      model_type
      status
      publish_at
      deleted_at
    }
  }
`);

/** One conversation with its threads, oldest first. */
export const ConversationFragment = graphql(`
  fragment ConversationFields on Conversation @_unmask {
    id
    number
    mailboxId
    subject
    status
    read
    tags
    createdAt
    lastActivityAt
    assignee {
      MemberID
      UserName
    }
    member {
      MemberID
      UserName
    }
    customFields {
      name
      value
    }
    submission {
      id
      name
      model_type
      status
      publish_at
      deleted_at
    }
    threads {
      id
      type
      text
      createdAt
      author {
        MemberID
        UserName
      }
      attachments {
        id
        filename
        mimetype
        filesize
        url
      }
    }
  }
`);

/** What the list pager reads. */
export const PagerFragment = graphql(`
  fragment ConversationPagerFields on PaginatorInfo @_unmask {
    currentPage
    firstItem
    lastItem
    lastPage
    total
  }
`);

/** The signed-in member's own conversations (the creator's /messages list, and the unread badge). */
export const MyConversationsQuery = graphql(
  `
    query MyConversations($first: Int, $page: Int, $exclude_tags: [String!]) {
      conversations(first: $first, page: $page, mailbox: "submissions", exclude_tags: $exclude_tags) {
        data {
          ...ConversationRow
        }
        paginatorInfo {
          ...ConversationPagerFields
        }
      }
    }
  `,
  [ConversationRowFragment, PagerFragment],
);

/** The unread badge (SPEC section 9): only the total counts. */
export const UnreadConversationsQuery = graphql(`
  query UnreadConversations($first: Int, $exclude_tags: [String!]) {
    conversations(first: $first, mailbox: "submissions", exclude_tags: $exclude_tags) {
      data {
        id
      }
      paginatorInfo {
        total
      }
    }
  }
`);

/** Staff: every conversation, filtered. */
export const SearchConversationsQuery = graphql(
  `
    query SearchConversations(
      $first: Int
      $page: Int
      $status: [String!]
      $assignee_id: Int
      $unassigned: Boolean
      $tag: String
      $submission_id: Int
      $phrase: String
    ) {
      searchConversations(
        first: $first
        page: $page
        mailbox: "submissions"
        status: $status
        assignee_id: $assignee_id
        unassigned: $unassigned
        tag: $tag
        submission_id: $submission_id
        phrase: $phrase
      ) {
        data {
          ...ConversationRow
        }
        paginatorInfo {
          ...ConversationPagerFields
        }
      }
    }
  `,
  [ConversationRowFragment, PagerFragment],
);

/** One conversation; the owner reading it tags it user-read on the server. */
export const ConversationQuery = graphql(
  `
    query Conversation($id: Int!) {
      conversation(id: $id) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

/** Who a conversation can be assigned to (SPEC section 9: 100 a page). */
export const SupportStaffQuery = graphql(`
  query SupportStaff($first: Int) {
    listSupportStaff(first: $first, mailbox: "submissions") {
      data {
        MemberID
        UserName
      }
    }
  }
`);

/** The new message dialog; `file` is sent as a multipart part when one is chosen. */
export const CreateConversationMutation = graphql(
  `
    mutation CreateConversation($subject: String!, $message: String!, $file: Upload, $submission_id: Int) {
      createConversation(subject: $subject, message: $message, file: $file, submission_id: $submission_id, mailbox: "submissions") {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const CreateStaffConversationMutation = graphql(
  `
    mutation CreateStaffConversation($member_id: Int!, $subject: String!, $message: String!, $file: Upload, $submission_id: Int) {
      createStaffConversation(
        member_id: $member_id
        subject: $subject
        message: $message
        file: $file
        submission_id: $submission_id
        mailbox: "submissions"
      ) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const CreateConversationReplyMutation = graphql(
  `
    mutation CreateConversationReply($conversation_id: Int!, $message: String!, $file: Upload) {
      createConversationReply(conversation_id: $conversation_id, message: $message, file: $file) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const CreateStaffConversationReplyMutation = graphql(
  `
    mutation CreateStaffConversationReply($conversation_id: Int!, $message: String!, $note: Boolean, $file: Upload, $status: String) {
      createStaffConversationReply(conversation_id: $conversation_id, message: $message, note: $note, file: $file, status: $status) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const TagConversationMutation = graphql(
  `
    mutation TagConversation($id: Int!, $add: [String!], $remove: [String!]) {
      tagConversation(id: $id, add: $add, remove: $remove) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const CloseConversationMutation = graphql(
  `
    mutation CloseConversation($id: Int!) {
      closeConversation(id: $id) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const AssignConversationMutation = graphql(
  `
    mutation AssignConversation($id: Int!, $member_id: Int!) {
      assignConversation(id: $id, member_id: $member_id) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);

export const UnassignConversationMutation = graphql(
  `
    mutation UnassignConversation($id: Int!) {
      unassignConversation(id: $id) {
        ...ConversationFields
      }
    }
  `,
  [ConversationFragment],
);
